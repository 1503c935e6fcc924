import { parseChaosArgs } from './chaos-args';
import { runChaos } from './chaos-run';
import { finalReport } from './final-table';

/** `npm run chaos -- --duration 10m --seed 42`: exits 1 when the reconciliation does not hold. */
async function main(): Promise<void> {
  const args = parseChaosArgs(process.argv.slice(2));
  const result = await runChaos({ ...args, print: (line) => console.log(line) });
  console.log(`\n${finalReport(result)}`);
  process.exitCode = result.reconciliation.holds ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 2;
});
