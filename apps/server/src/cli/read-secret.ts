import { createInterface } from 'node:readline';

/** The streams a secret is read from and the prompt written to (the process's by default). */
export type SecretStreams = {
  input: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  prompt: NodeJS.WritableStream;
};

const processStreams = (): SecretStreams => ({ input: process.stdin, prompt: process.stderr });

/**
 * Reads a secret from standard input, so it never appears in the process list or the shell's
 * history: at a terminal, after `prompt`, with typing not echoed (Backspace deletes, Ctrl-C and
 * Ctrl-D give up); from a pipe or a file, its first line. Rejects when the input ends first.
 */
export function readSecret(prompt: string, streams = processStreams()): Promise<string> {
  const { input } = streams;
  if (input.isTTY && input.setRawMode) return readAtTerminal(prompt, streams);
  return readFirstLine(input);
}

async function readFirstLine(input: NodeJS.ReadableStream): Promise<string> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of lines) return line;
  } finally {
    lines.close();
  }
  throw new Error('standard input ended before a line was read');
}

function readAtTerminal(question: string, { input, prompt }: SecretStreams): Promise<string> {
  prompt.write(question);
  input.setRawMode?.(true);
  input.resume();
  return new Promise((resolve, reject) => {
    let typed: string[] = [];
    const finish = () => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      prompt.write('\n');
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of chunk.toString()) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(typed.join(''));
          return;
        }
        if (char === '\u0003' || char === '\u0004') {
          finish();
          typed = [];
          reject(new Error('cancelled'));
          return;
        }
        if (char === '\u007f' || char === '\b') typed.pop();
        else typed.push(char);
      }
    };
    input.on('data', onData);
  });
}
