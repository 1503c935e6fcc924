import { hourlySeries, workflowTotals } from './spend-series';

describe('spend per workflow over time', () => {
  const now = new Date('2026-11-27T13:40:00Z');
  const rows = [
    { hour: '2026-11-27T11:00:00.000Z', workflowId: 'wf-a', costCents: 2 },
    { hour: '2026-11-27T13:00:00.000Z', workflowId: 'wf-a', costCents: 1.5 },
    { hour: '2026-11-27T13:00:00.000Z', workflowId: 'wf-b', costCents: 4 },
    { hour: '2026-11-26T01:00:00.000Z', workflowId: 'wf-b', costCents: 9 },
  ];
  const nameOf = (id: string) => ({ 'wf-a': 'alpha', 'wf-b': 'beta' })[id] ?? id;

  it('has a point per hour of the window, zero where a workflow spent nothing, and drops what lies outside', () => {
    expect(hourlySeries(rows, 3, nameOf, now)).toEqual([
      { hour: '2026-11-27T11:00:00.000Z', alpha: 2, beta: 0 },
      { hour: '2026-11-27T12:00:00.000Z', alpha: 0, beta: 0 },
      { hour: '2026-11-27T13:00:00.000Z', alpha: 1.5, beta: 4 },
    ]);
  });

  it('totals each workflow, the biggest first', () => {
    expect(workflowTotals(rows, nameOf)).toEqual([
      { name: 'beta', costCents: 13 },
      { name: 'alpha', costCents: 3.5 },
    ]);
  });
});
