import { SingleBar, Presets } from 'cli-progress';

/** What the import reports as it goes. */
export interface ImportProgress {
  advance(): void;
  stop(): void;
}

/**
 * A progress bar on stderr when it is a terminal; nothing otherwise, so logs and pipes get only
 * the summary line.
 */
export function importProgress(total: number, stream: NodeJS.WriteStream = process.stderr): ImportProgress {
  if (!stream.isTTY) return { advance() {}, stop() {} };
  const bar = new SingleBar(
    { stream, format: 'importing brands [{bar}] {percentage}% | {value}/{total}', hideCursor: true },
    Presets.shades_classic,
  );
  bar.start(total, 0);
  return {
    advance: () => bar.increment(),
    stop: () => bar.stop(),
  };
}
