import { money } from '../format';

interface Props {
  name: string;
  spentCents: number;
  budgetCents: number;
}

/** Spend against budget: a bar that turns amber past 75 % and red past 95 %. */
export function SpendBar({ name, spentCents, budgetCents }: Props) {
  const share = budgetCents > 0 ? Math.min(1, spentCents / budgetCents) : 1;
  const level = share >= 0.95 ? 'high' : share >= 0.75 ? 'mid' : 'low';
  const text = `${money(spentCents)} of ${money(budgetCents)}`;
  return (
    <div className="spend">
      <div
        className={`spend-bar spend-${level}`}
        role="meter"
        aria-label={`Spend of ${name}`}
        aria-valuemin={0}
        aria-valuemax={budgetCents}
        aria-valuenow={Math.min(spentCents, budgetCents)}
        aria-valuetext={text}
      >
        <span style={{ width: `${(share * 100).toFixed(1)}%` }} />
      </div>
      <span className="spend-text">{text}</span>
    </div>
  );
}
