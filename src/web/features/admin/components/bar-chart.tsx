/**
 * A bar chart drawn as plain SVG (no chart library: a few bars need none, and the owner's chunk stays small), with
 * its figures as a table for screen readers. The picture is named by its caption and hidden from assistive
 * technology, which reads the table instead. Bars below zero (a week of more refunds than sales) go below the line.
 */
import { useId } from 'react';

export interface BarPoint {
  /** The bar's name in the table, e.g. '2 Mar'. */
  label: string;
  value: number;
}

interface BarChartProps {
  caption: string;
  points: readonly BarPoint[];
  /** How a value reads: '£24.32', '3 packs'. */
  format: (value: number) => string;
  /** The table's column heads. */
  columns: readonly [string, string];
  /** Horizontal bars (a ranking), or columns along a time line. */
  horizontal?: boolean;
}

const WIDTH = 640;
const HEIGHT = 200;

export function BarChart({ caption, points, format, columns, horizontal = false }: BarChartProps) {
  const captionId = useId();
  const max = Math.max(0, ...points.map((point) => point.value));
  const min = Math.min(0, ...points.map((point) => point.value));
  const span = max - min || 1;

  return (
    <figure aria-labelledby={captionId} className="min-w-0">
      <figcaption id={captionId} className="text-base font-bold text-roast-900">
        {caption}
      </figcaption>
      {horizontal ? (
        <ul aria-hidden="true" className="mt-3 flex flex-col gap-2">
          {points.map((point) => (
            <li key={point.label} className="grid grid-cols-[minmax(0,10rem)_1fr] items-center gap-3 text-sm">
              <span className="truncate text-stone-800">{point.label}</span>
              <span className="flex items-center gap-2">
                <span
                  className="h-4 rounded-sm bg-roast-700"
                  style={{ width: `${Math.max(2, (point.value / (max || 1)) * 100)}%` }}
                />
                <span className="shrink-0 text-stone-700 tabular-nums">{format(point.value)}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="mt-3 h-48 w-full rounded-lg bg-cream-50"
        >
          {points.map((point, index) => {
            const slot = WIDTH / Math.max(points.length, 1);
            const zero = HEIGHT * (max / span);
            const height = (Math.abs(point.value) / span) * HEIGHT;
            return (
              <rect
                key={point.label}
                x={index * slot + slot * 0.15}
                width={Math.max(slot * 0.7, 1)}
                y={point.value >= 0 ? zero - height : zero}
                height={Math.max(height, point.value === 0 ? 0 : 1)}
                className={point.value >= 0 ? 'fill-roast-700' : 'fill-offer'}
              />
            );
          })}
          <line x1="0" x2={WIDTH} y1={HEIGHT * (max / span)} y2={HEIGHT * (max / span)} className="stroke-stone-400" />
        </svg>
      )}
      {!horizontal && points.length > 0 && (
        <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-stone-600">
          <span>{points[0]?.label}</span>
          <span>{points.at(-1)?.label}</span>
        </div>
      )}
      {/* NOTE: the wrapper is what hides it: a table box ignores overflow, so a sr-only table still widens the page. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col">{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.label}>
                <th scope="row">{point.label}</th>
                <td>{format(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
