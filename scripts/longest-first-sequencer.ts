import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A Vitest sequencer that starts the named files first, in the order given (the longest first),
 * then the rest in Vitest's own order. A fresh clone has no timings from earlier runs, and a long
 * file that Vitest happens to start last keeps running on alone after all the others are done.
 */
export function longestFirst(fileNames: string[]) {
  const rank = (file: TestSpecification) => {
    const index = fileNames.findIndex((name) => file.moduleId.endsWith(`/${name}`));
    return index === -1 ? fileNames.length : index;
  };
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]) {
      const sorted = await super.sort(files);
      return sorted
        .map((file, order) => ({ file, order }))
        .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
        .map(({ file }) => file);
    }
  };
}
