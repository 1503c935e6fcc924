import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { money } from '../format';

interface Props {
  series: Array<Record<string, number | string>>;
  workflows: string[];
  /** What the chart shows, for screen readers (the totals table beside it carries the numbers). */
  label: string;
}

const PALETTE = ['#3b5bdb', '#0ca678', '#f59f00', '#d6336c', '#7048e8', '#1098ad', '#e8590c', '#5c940d'];
const hourOf = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** One line per workflow, one point per UTC hour. */
export function SpendChart({ series, workflows, label }: Props) {
  return (
    <figure className="chart" aria-label={label}>
      <ResponsiveContainer width="100%" height={240}>
        <LineChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="hour" tickFormatter={hourOf} fontSize={12} minTickGap={16} />
          <YAxis tickFormatter={(value: number) => money(value)} fontSize={12} width={72} />
          <Tooltip formatter={(value) => money(Number(value))} labelFormatter={(hour) => `${hourOf(String(hour))} UTC`} />
          <Legend formatter={(name) => <span className="legend-label">{String(name)}</span>} />
          {workflows.map((name, index) => (
            <Line key={name} dataKey={name} type="linear" stroke={PALETTE[index % PALETTE.length]} dot={false} strokeWidth={2} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
