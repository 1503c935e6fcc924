import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { shortDay } from '../format';

interface Props {
  series: Array<Record<string, number | string>>;
  models: string[];
  format(value: number): string;
  /** What the chart shows, for screen readers (the totals table beside it carries the numbers). */
  label: string;
}

const PALETTE = ['#3b5bdb', '#0ca678', '#f59f00', '#d6336c', '#7048e8', '#1098ad', '#e8590c', '#5c940d'];

/** One stacked bar per day, one colour per model. */
export function UsageChart({ series, models, format, label }: Props) {
  return (
    <figure className="chart" aria-label={label}>
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} fontSize={12} minTickGap={12} />
          <YAxis tickFormatter={(value: number) => format(value)} fontSize={12} width={72} />
          <Tooltip formatter={(value) => format(Number(value))} labelFormatter={(day) => shortDay(String(day))} />
          <Legend formatter={(model) => <span className="legend-label">{String(model)}</span>} />
          {models.map((model, index) => (
            <Bar key={model} dataKey={model} stackId="usage" fill={PALETTE[index % PALETTE.length]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
