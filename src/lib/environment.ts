// Which environment this build talks to: prod, staging or dev (specification 000, section 9). A native
// build knows its bundle identifier; the web build may be given one at build time (VITE_BUNDLE_ID) and
// otherwise judges by the port in the address: a site on the default port is production, one on an
// explicit port (npm start's 8080, Vite's 5173) is a development instance.
export type AppEnvironment = 'prod' | 'staging' | 'dev'

export interface EnvironmentClues {
  bundleId?: string | undefined
  port: string
}

export function detectEnvironment({ bundleId, port }: EnvironmentClues): AppEnvironment {
  if (bundleId) {
    const last = bundleId.toLowerCase().split('.').at(-1)
    if (last === 'staging') return 'staging'
    if (last === 'dev' || last === 'debug') return 'dev'
    return 'prod'
  }
  return port === '' || port === '80' || port === '443' ? 'prod' : 'dev'
}

export const appEnvironment: AppEnvironment = detectEnvironment({
  bundleId: import.meta.env.VITE_BUNDLE_ID as string | undefined,
  port: typeof location === 'undefined' ? '' : location.port,
})
