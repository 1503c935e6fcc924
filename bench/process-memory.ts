import { request } from 'undici';
import { loadConfig, type ProcessName } from '../lib/config';
import { METERED_PROCESSES } from '../test/support/stack-env';

/** Resident memory (RSS) of each process of a stack, in bytes, read from its own `/metrics`. */
export async function processMemory(env: NodeJS.ProcessEnv): Promise<Map<ProcessName, number>> {
  const { metrics } = loadConfig(env);
  const memory = new Map<ProcessName, number>();
  for (const name of METERED_PROCESSES) {
    const response = await request(`http://127.0.0.1:${metrics.ports[name]}/metrics`);
    const text = await response.body.text();
    const sample = /^process_resident_memory_bytes(?:\{[^}]*\})? (\S+)/m.exec(text);
    if (sample) memory.set(name, Number(sample[1]));
  }
  return memory;
}

export const megabytes = (bytes: number) => (Number.isNaN(bytes) ? '–' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
