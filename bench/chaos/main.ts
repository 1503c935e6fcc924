import { parseChaosArgs } from './chaos-args';
import { runChaos } from './chaos-run';
import { finalReport, slowRecoveries } from './final-table';

/** `npm run chaos -- --duration 10m --seed 42`: exits 1 when the reconciliation does not hold or a fault took longer than 5 s to recover. */
async function main(): Promise<void> {
  const args = parseChaosArgs(process.argv.slice(2));
  const result = await runChaos({ ...args, print: (line) => console.log(line) });
  console.log(`\n${finalReport(result)}`);
  process.exitCode = result.reconciliation.holds && slowRecoveries(result).length === 0 ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 2;
});
