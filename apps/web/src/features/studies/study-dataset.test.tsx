// @vitest-environment jsdom
import type { StudyDetail, StudyExportCounts, StudyExportJob } from '@cogni/domain';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../lib/api/studies';
import { renderWithI18n } from '../../lib/testing/render';
import { StudyDataset } from './study-dataset';

vi.mock('../../lib/api/studies', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api/studies')>()),
  getStudyExportCounts: vi.fn(),
  listStudyExportJobs: vi.fn(),
  createStudyExportJob: vi.fn(),
}));

const STUDY = { id: 'study-1', code: 'abcdefghijkm' } as StudyDetail;

const counts = (trials: number): StudyExportCounts => ({
  trials,
  participants: 12,
  files: [
    { path: 'data/study-abcdefghijkm_task-stroop_data.csv', testType: 'stroopTest', rows: trials },
    { path: 'data/study-abcdefghijkm_description-participants_data.csv', testType: null, rows: 12 },
  ],
  jobThreshold: 200_000,
});

const job = (changes: Partial<StudyExportJob>): StudyExportJob => ({
  id: 'job-1',
  kind: 'psych-ds',
  format: 'zip',
  withParams: false,
  state: 'queued',
  rowsTotal: 300_012,
  rowsDone: 0,
  fileName: 'study-abcdefghijkm_psych-ds.zip',
  bytes: null,
  error: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  ...changes,
});

/** Lets the component's pending promises settle. */
const settle = () => act(async () => {});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.resetAllMocks();
});

describe('the Psych-DS dataset section', () => {
  it('shows the rows of each file before a small study’s direct download', async () => {
    vi.mocked(api.getStudyExportCounts).mockResolvedValue(counts(1_234));
    vi.mocked(api.listStudyExportJobs).mockResolvedValue([]);
    renderWithI18n(<StudyDataset study={STUDY} />);
    await settle();
    expect(screen.getByText(/12 participants and 1,234/)).toBeTruthy();
    expect(screen.getByText('data/study-abcdefghijkm_task-stroop_data.csv')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download the Psych-DS dataset (zip)' });
    expect(link.getAttribute('href')).toBe('/api/studies/study-1/dataset');
    expect(screen.queryByRole('button', { name: 'Prepare the Psych-DS dataset' })).toBeNull();
  });

  it('prepares a large study’s dataset in the background, shows its progress, and says when it is ready', async () => {
    vi.mocked(api.getStudyExportCounts).mockResolvedValue(counts(300_000));
    vi.mocked(api.listStudyExportJobs).mockResolvedValue([]);
    vi.mocked(api.createStudyExportJob).mockResolvedValue(job({}));
    renderWithI18n(<StudyDataset study={STUDY} />);
    await settle();
    expect(screen.queryByRole('link', { name: /Download the Psych-DS/ })).toBeNull();

    vi.mocked(api.listStudyExportJobs).mockResolvedValue([
      job({ state: 'running', rowsDone: 100_000 }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Prepare the Psych-DS dataset' }));
    await settle();
    expect(api.createStudyExportJob).toHaveBeenCalledWith('study-1', { kind: 'psych-ds' });
    const progress = screen.getByRole('progressbar') as HTMLProgressElement;
    expect(progress.value).toBe(100_000);
    expect(progress.max).toBe(300_012);
    expect(screen.getByText(/100,000 of 300,012 rows/)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Prepare the Psych-DS dataset' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    vi.mocked(api.listStudyExportJobs).mockResolvedValue([
      job({
        state: 'done',
        rowsDone: 300_012,
        bytes: 1_000,
        finishedAt: '2026-11-29T10:05:00.000Z',
        expiresAt: '2026-11-30T10:05:00.000Z',
      }),
    ]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(screen.getByRole('status').textContent).toContain('is ready');
    const download = screen.getByRole('link', {
      name: 'Download study-abcdefghijkm_psych-ds.zip',
    });
    expect(download.getAttribute('href')).toBe('/api/studies/study-1/export-jobs/job-1/file');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says why a job failed', async () => {
    vi.mocked(api.getStudyExportCounts).mockResolvedValue(counts(300_000));
    vi.mocked(api.listStudyExportJobs).mockResolvedValue([
      job({ state: 'failed', error: 'The server stopped during the export: start it again' }),
    ]);
    renderWithI18n(<StudyDataset study={STUDY} />);
    await settle();
    expect(screen.getByRole('alert').textContent).toContain(
      'could not be prepared: The server stopped during the export: start it again',
    );
  });
});
