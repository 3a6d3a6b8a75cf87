// A volume's metrics (specification 001 sections 2 and 9; issue 12: /volume/{volume_id}/metric): three
// charts of what the daily job measured, Volume Size (live against total bytes), Cloud storage usage
// (byte-days by store) and File Count, over 1w, 2w, 30d or 90d (kept in the address, 1w by default). Days
// the job did not measure read as zeros. Each chart has a name and its numbers in a table beside it for
// screen readers. Under them: when the numbers were measured and the day the plan's storage limit is
// reached at the recent growth rate. Admins only.
//
// The charts read on a phone as on a desk: series in hues of their own (--chart-N), value axes in round steps
// (src/lib/axisTicks.ts), and day ticks that thin to every 2nd, 3rd, ... tick, the last day always kept, when
// the plot is too narrow for all of them; the range is a segmented control as wide as its four choices.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { usageQueries } from '../../api/usage.ts'
import { byteTickLabel, byteTicks, countTickLabel, countTicks } from '../../lib/axisTicks.ts'
import { formatBytes } from '../../lib/format.ts'
import { ChartFigure } from '../../ui/ChartFigure.tsx'
import { CalendarDay, DateTime } from '../../ui/DateTime.tsx'
import { Table, type Column } from '../../ui/Table.tsx'
import {
  BAR_SIZES,
  DEFAULT_USAGE_RANGE,
  RANGE_LABELS,
  NOT_MEASURED_TEXT,
  USAGE_RANGES,
  byteDaysText,
  daysOf,
  fillUsage,
  forecast,
  forecastText,
  parseUsageRange,
  storeChart,
  tickLabel,
  ticksOf,
  type SizeRow,
  type UsageRange,
} from './-volume/metrics.ts'
import { useVolume } from './-volume/volumeRoute.ts'

export interface MetricSearch {
  /** 2w, 30d or 90d; without it, 1w. */
  range?: UsageRange | undefined
}

export const Route = createFileRoute('/_app/_admin/volume/$volumeId/metric')({
  // Always answers the key (undefined for the default or a bad value): a key left out of the answer would
  // keep the address's raw value, which the root route passes on.
  validateSearch: (search: Record<string, unknown>): MetricSearch => {
    const range = parseUsageRange(search.range)
    return { range: range === DEFAULT_USAGE_RANGE ? undefined : range }
  },
  loaderDeps: ({ search }) => ({ range: search.range ?? DEFAULT_USAGE_RANGE }),
  loader: async ({ context, deps }) => {
    const { orgId, volume } = context
    await context.queryClient.ensureQueryData(usageQueries.volume(orgId, volume.volume_id, deps.range))
  },
  component: VolumeMetricPage,
})

// The series' colours are the scheme's (--chart-N in src/styles/tokens.css: hues of their own, each held to
// 3:1 against the panel in both schemes), so a bar follows the scheme as the text around it does. The first
// two are the live and total pair (blue and orange, told apart with any colour vision); stores take them
// in turn.
const COLORS = [
  'var(--chart-1)',
  'var(--chart-2)',
  'var(--chart-3)',
  'var(--chart-4)',
  'var(--chart-5)',
  'var(--chart-6)',
]

// Stacked segments touch: a line of the panel's colour between them keeps each one's edge at 3:1 against
// what it meets, whatever the pair of series colours.
const SEGMENT_EDGE = { stroke: 'var(--surface)', strokeWidth: 1 }

// Room on either side for the first and last days' tick labels, centred on their columns.
const MARGIN = { top: 8, right: 24, bottom: 0, left: 8 }

// Legend words in the text colour: the series' colours are held to 3:1 for graphics, not to text's 4.5:1.
const legendText = (value: string) => <span className="chart-legend-text">{value}</span>

const countTick = countTickLabel

// Space kept between two day labels: closer than this, the axis shows every 2nd tick (then every 3rd, ...).
const MIN_TICK_GAP = 12

/**
 * The grid and both axes. The day ticks are the spec's (every 1, 3, 7 or 14 days back from the last day);
 * recharts measures their labels and keeps every n-th one that fits the plot's width, the last day always
 * (equidistantPreserveEnd), so the steps stay even as they thin. The value axis runs from 0 to the round
 * step at or above the largest value, its width taken from its labels.
 */
function axes(
  days: readonly string[],
  range: UsageRange,
  valueTicks: readonly number[],
  tick: (value: number) => string,
) {
  return (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey="day"
        ticks={ticksOf(days, range)}
        tickFormatter={tickLabel}
        interval="equidistantPreserveEnd"
        minTickGap={MIN_TICK_GAP}
      />
      <YAxis
        ticks={valueTicks}
        domain={[0, valueTicks.at(-1) ?? 0]}
        interval={0}
        tickFormatter={tick}
        width="auto"
      />
    </>
  )
}

const zero = () => 0
const most = (values: readonly number[]) => Math.max(0, ...values)

function VolumeMetricPage() {
  const { orgId, volume } = useVolume()
  const range: UsageRange = Route.useSearch().range ?? DEFAULT_USAGE_RANGE
  const navigate = useNavigate({ from: Route.fullPath })
  const { data: answer } = useSuspenseQuery(usageQueries.volume(orgId, volume.volume_id, range))

  const days = daysOf(answer.from_date, answer.to_date)
  const sizes = fillUsage(days, answer.usage_list)
  const stores = storeChart(days, answer.s3_list)
  const barSize = BAR_SIZES[range]
  const last = sizes.at(-1)
  const sizeTicks = byteTicks(most(sizes.flatMap((row) => [row.live_bytes, row.total_bytes])))
  const countTicksOfRange = countTicks(most(sizes.flatMap((row) => [row.live_count, row.total_count])))
  // The stores' segments stack: the axis reaches the highest day's sum.
  const storeTicks = byteTicks(
    most(
      stores.rows.map((row) => stores.stores.reduce((sum, store) => sum + Number(row[store.key] ?? 0), 0)),
    ),
  )
  const dayCell = (day: string | number | undefined) => <CalendarDay day={String(day)} />
  const sizeColumns: ReadonlyArray<Column<SizeRow>> = [
    { key: 'day', header: 'Date', rowHeader: true, render: (row) => dayCell(row.day) },
    { key: 'live', header: 'Live', phone: 'labelled', render: (row) => formatBytes(row.live_bytes) },
    { key: 'total', header: 'Total', phone: 'labelled', render: (row) => formatBytes(row.total_bytes) },
  ]
  const countColumns: ReadonlyArray<Column<SizeRow>> = [
    { key: 'day', header: 'Date', rowHeader: true, render: (row) => dayCell(row.day) },
    { key: 'live', header: 'Live Files', phone: 'labelled', render: (row) => countTick(row.live_count) },
    { key: 'total', header: 'Total Files', phone: 'labelled', render: (row) => countTick(row.total_count) },
  ]
  const storeColumns: ReadonlyArray<Column<Record<string, string | number>>> = [
    { key: 'day', header: 'Date', rowHeader: true, render: (row) => dayCell(row.day) },
    ...stores.stores.map((store) => ({
      key: store.key,
      header: store.name,
      phone: 'labelled' as const,
      render: (row: Record<string, string | number>) => byteDaysText(Number(row[store.key] ?? 0)),
    })),
  ]
  const lastStores = stores.rows.at(-1)

  return (
    <>
      <section className="panel" aria-labelledby="metric-heading">
        <h2 id="metric-heading">Metrics</h2>
        <fieldset className="segmented metric-range">
          <legend className="visually-hidden">Range</legend>
          {USAGE_RANGES.map((each) => (
            <label key={each} className={each === range ? 'checked' : undefined}>
              <input
                type="radio"
                name="metric-range"
                value={each}
                checked={each === range}
                onChange={() => {
                  void navigate({
                    search: { range: each === DEFAULT_USAGE_RANGE ? undefined : each },
                    replace: true,
                  })
                }}
              />
              {RANGE_LABELS[each]}
            </label>
          ))}
        </fieldset>
        <p role="status" data-testid="metric-as-of">
          {answer.as_of ? (
            <>
              As of <DateTime value={answer.as_of} long />
            </>
          ) : (
            NOT_MEASURED_TEXT
          )}
        </p>
        <p data-testid="metric-forecast">
          {forecastText(forecast(answer.org_usage_list, answer.org_total_bytes, answer.max_storage_bytes))}
        </p>

        <ChartFigure
          title="Volume Size"
          summary={`on ${answer.to_date}, ${formatBytes(last?.live_bytes ?? 0)} live and ${formatBytes(last?.total_bytes ?? 0)} in total`}
          chart={
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={sizes} barGap={2} margin={MARGIN}>
                {axes(days, range, sizeTicks, byteTickLabel)}
                <Tooltip formatter={(value) => formatBytes(Number(value))} />
                <Legend formatter={legendText} />
                <Bar dataKey="live_bytes" name="Live" fill={COLORS[0]} barSize={barSize} />
                <Bar dataKey="total_bytes" name="Total" fill={COLORS[1]} barSize={barSize} />
              </BarChart>
            </ResponsiveContainer>
          }
          table={<Table label="Volume Size" columns={sizeColumns} rows={sizes} rowKey={(row) => row.day} />}
        />

        <ChartFigure
          title="Cloud storage usage"
          summary={
            stores.stores.length === 0
              ? 'nothing stored in the range'
              : `on ${answer.to_date}, ` +
                stores.stores
                  .map((store) => `${store.name} ${byteDaysText(Number(lastStores?.[store.key] ?? 0))}`)
                  .join(', ')
          }
          chart={
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={stores.rows} margin={MARGIN}>
                {axes(days, range, storeTicks, byteTickLabel)}
                <Tooltip formatter={(value) => byteDaysText(Number(value))} />
                <Legend formatter={legendText} />
                {stores.stores.map((store, index) => (
                  <Bar
                    key={store.key}
                    dataKey={store.key}
                    name={store.name}
                    stackId="stores"
                    fill={COLORS[index % COLORS.length]}
                    {...SEGMENT_EDGE}
                    barSize={barSize}
                  />
                ))}
                {stores.stores.length === 0 ? (
                  // No store held anything: recharts draws no value axis for a chart without values, so an
                  // unnamed series of zeros (no key, no tooltip) keeps the 0 to 1 KB scale of the others.
                  <Bar dataKey={zero} legendType="none" tooltipType="none" />
                ) : null}
              </BarChart>
            </ResponsiveContainer>
          }
          table={
            <Table
              label="Cloud storage usage"
              columns={storeColumns}
              rows={stores.rows}
              rowKey={(row) => String(row.day)}
            />
          }
        />

        <ChartFigure
          title="File Count"
          summary={`on ${answer.to_date}, ${countTick(last?.live_count ?? 0)} live files and ${countTick(last?.total_count ?? 0)} versions kept`}
          chart={
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={sizes} barGap={2} margin={MARGIN}>
                {axes(days, range, countTicksOfRange, countTick)}
                <Tooltip formatter={(value) => countTick(Number(value))} />
                <Legend formatter={legendText} />
                <Bar dataKey="live_count" name="Live Files" fill={COLORS[0]} barSize={barSize} />
                <Bar dataKey="total_count" name="Total Files" fill={COLORS[1]} barSize={barSize} />
              </BarChart>
            </ResponsiveContainer>
          }
          table={<Table label="File Count" columns={countColumns} rows={sizes} rowKey={(row) => row.day} />}
        />
      </section>
    </>
  )
}
