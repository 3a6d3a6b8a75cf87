// A chart as the console shows one: a figure named by its heading, the plot as one image whose name says
// what it shows (the latest values), and the numbers in a table under a disclosure, so a screen reader (or
// anyone who wants the figures) reads the data rather than the drawing.
import { useId, type ReactNode } from 'react'

export interface ChartFigureProps {
  title: string
  /** What the chart shows, read as the plot's name after the title. */
  summary: string
  chart: ReactNode
  /** The chart's numbers (a Table). */
  table: ReactNode
}

export function ChartFigure({ title, summary, chart, table }: ChartFigureProps) {
  const id = useId()
  return (
    <figure className="chart-figure" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <div role="img" aria-label={`${title}: ${summary}`} className="chart-figure-plot">
        {chart}
      </div>
      <details>
        <summary>{title} data</summary>
        {table}
      </details>
    </figure>
  )
}
