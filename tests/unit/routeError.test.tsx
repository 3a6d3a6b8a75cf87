import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { RouteError, describeRouteError } from '../../src/app/RouteError.tsx'
import { ApiError } from '../../src/api/transport.ts'
import { ChunkLoadError } from '../../src/lib/chunkLoad.ts'

describe('RouteError', () => {
  it('shows status and text for an error answer', () => {
    expect(describeRouteError({ status: 404, statusText: 'Not Found' }).summary).toBe('404 Not Found')
    expect(describeRouteError(new ApiError(500, { error: 'internal_error' })).summary).toBe(
      '500 HTTP 500 internal_error',
    )
  })

  it('shows the message and stack of a thrown error', () => {
    const error = new Error('it broke')
    const { summary, stack } = describeRouteError(error)
    expect(summary).toBe('it broke')
    expect(stack).toContain('routeError.test')
  })

  it('renders the heading the spec names', () => {
    const html = renderToStaticMarkup(<RouteError error={new Error('it broke')} />)
    expect(html).toContain('Unexpected Application Error!')
    expect(html).toContain('it broke')
    expect(html).toContain('<pre')
  })

  it('shows a chunk that failed to load by its message, and offers Reload', () => {
    const error = new ChunkLoadError('account', 'missing', 'http://console.test/assets/account-C9likpaC.js')
    expect(describeRouteError(error).summary).toBe('Loading chunk account failed.')
    const html = renderToStaticMarkup(<RouteError error={error} />)
    expect(html).toContain('Unexpected Application Error!')
    expect(html).toContain('<h2>Loading chunk account failed.</h2>')
    expect(html).toContain('>Reload</button>')
  })

  it('offers no Reload for other failures', () => {
    expect(renderToStaticMarkup(<RouteError error={new Error('it broke')} />)).not.toContain('Reload')
  })

  it('renders no stack block for a value that is not an Error', () => {
    const html = renderToStaticMarkup(<RouteError error="plain failure" />)
    expect(html).toContain('plain failure')
    expect(html).not.toContain('<pre')
  })
})
