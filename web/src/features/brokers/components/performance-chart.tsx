/**
 * A performance chart: deals closed as bars (left axis) and fees as a line (right axis) over the last months.
 * Readable without colour: the bars are hatched and labelled with their count, the fee line is dashed with square
 * markers, the legend names both, and each axis says what it counts. The SVG is hidden from assistive technology;
 * the same numbers are in a visually hidden table beside it (PerformanceFigure).
 *
 * This module is the only one that imports recharts, and it is loaded lazily (performance-figure.tsx), so the
 * charting library stays out of the main bundle and out of every other screen's chunk.
 */
import { useId } from 'react';
import { Bar, CartesianGrid, ComposedChart, LabelList, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoneyWhole } from '@shared/format';
import type { ChartRow } from '../chart-data';

const BAR_COLOUR = '#1d4ed8';
const LINE_COLOUR = '#b45309';
const AXIS_COLOUR = '#475569';

/** Square markers on the fee line: a second cue beside the dash, also in greyscale and print. */
function squareMarker({ cx, cy, index }: { cx?: number; cy?: number; index?: number }) {
  if (cx === undefined || cy === undefined) return <g key={index} />;
  return <rect key={index} x={cx - 4} y={cy - 4} width={8} height={8} fill={LINE_COLOUR} />;
}

export default function PerformanceChart({ rows, height = 240 }: { rows: readonly ChartRow[]; height?: number }) {
  // One hatch pattern per chart: several charts share the page, and SVG ids are document-wide.
  const patternId = `hatch-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart
        data={[...rows]}
        margin={{ top: 20, right: 8, bottom: 0, left: 0 }}
        // The numbers are in the table beside the chart; the SVG is decorative for assistive technology and must
        // not take focus inside an aria-hidden wrapper.
        accessibilityLayer={false}
      >
        <defs>
          <pattern id={patternId} patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="#dbeafe" />
            <line x1="0" y1="0" x2="0" y2="6" stroke={BAR_COLOUR} strokeWidth="3" />
          </pattern>
        </defs>
        <CartesianGrid strokeDasharray="2 4" vertical={false} />
        <XAxis dataKey="label" tick={{ fill: AXIS_COLOUR, fontSize: 12 }} />
        <YAxis
          yAxisId="deals"
          allowDecimals={false}
          width={40}
          tick={{ fill: AXIS_COLOUR, fontSize: 12 }}
          label={{ value: 'Deals', angle: -90, position: 'insideLeft', fill: AXIS_COLOUR, fontSize: 12 }}
        />
        <YAxis
          yAxisId="fees"
          orientation="right"
          width={64}
          tick={{ fill: AXIS_COLOUR, fontSize: 12 }}
          tickFormatter={(value: number) => formatMoneyWhole(value)}
        />
        <Tooltip formatter={(value, name) => (name === 'Fees' ? formatMoneyWhole(Number(value)) : value)} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar
          yAxisId="deals"
          dataKey="dealsClosed"
          name="Deals closed"
          fill={`url(#${patternId})`}
          stroke={BAR_COLOUR}
          maxBarSize={36}
          isAnimationActive={false}
        >
          <LabelList dataKey="dealsClosed" position="top" fill={AXIS_COLOUR} fontSize={11} />
        </Bar>
        <Line
          yAxisId="fees"
          dataKey="fees"
          name="Fees"
          stroke={LINE_COLOUR}
          strokeWidth={2}
          strokeDasharray="6 3"
          dot={squareMarker}
          legendType="square"
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
