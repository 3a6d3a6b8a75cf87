import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.ts'
import { addressMatcher, limitSubject } from '../../server/http/addresses.ts'

describe('loadConfig', () => {
  it('gives the embedded defaults on a bare environment', () => {
    const config = loadConfig({}, '/srv/console')
    expect(config).toMatchObject({
      port: 8080,
      host: 'localhost',
      dataDir: '/srv/console/data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:8080',
      baseDomain: 'localhost',
      s3: undefined,
      stripeSecretKey: undefined,
    })
  })

  it('reads every setting', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/media',
        DATABASE_URL: 'postgres://db/console',
        SMTP_URL: 'smtp://mail:25',
        MAIL_FROM: 'Console <console@example.com>',
        PUBLIC_URL: 'https://console.example.com/',
        BASE_DOMAIN: '.Example.com',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-west-1',
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'console/',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      },
      '/srv',
    )
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: path.resolve('/srv', 'var/media'),
      databaseUrl: 'postgres://db/console',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Console <console@example.com>',
      publicUrl: 'https://console.example.com',
      baseDomain: 'example.com',
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-west-1',
        bucket: 'media',
        accessKeyId: 'id',
        secretAccessKey: 'secret',
        prefix: 'console/',
      },
      stripeSecretKey: 'sk_test_1',
      stripePublishableKey: 'pk_test_1',
    })
  })

  it('trusts no proxy and exempts no client unless told, and reads their lists', () => {
    expect(loadConfig({})).toMatchObject({ trustedProxies: [], rateLimitExempt: [], idleTimeoutSeconds: 120 })
    const config = loadConfig({
      TRUSTED_PROXIES: ' 10.0.0.0/8, ::1 ',
      RATE_LIMIT_EXEMPT: '192.0.2.7',
      IDLE_TIMEOUT_SECONDS: '30',
    })
    expect(config).toMatchObject({
      trustedProxies: ['10.0.0.0/8', '::1'],
      rateLimitExempt: ['192.0.2.7'],
      idleTimeoutSeconds: 30,
    })
  })

  it('serves the build beside the server unless APP_DIR names another, read from the working directory', () => {
    expect(loadConfig({}, '/srv/console').appDir).toBeUndefined()
    expect(loadConfig({ APP_DIR: 'releases/42/app' }, '/srv/console').appDir).toBe(
      '/srv/console/releases/42/app',
    )
    expect(loadConfig({ APP_DIR: '/opt/app' }, '/srv/console').appDir).toBe('/opt/app')
  })

  it('runs the daily jobs unless JOBS=off', () => {
    expect(loadConfig({}).jobs).toBe(true)
    expect(loadConfig({ JOBS: 'OFF' }).jobs).toBe(false)
    expect(loadConfig({ JOBS: 'on' }).jobs).toBe(true)
    expect(() => loadConfig({ JOBS: 'no' })).toThrow('JOBS must be on or off, not "no"')
  })

  it('refuses network stores on private hosts unless STORE_ALLOW_PRIVATE_HOSTS is true', () => {
    expect(loadConfig({}).storeAllowPrivateHosts).toBe(false)
    expect(loadConfig({ STORE_ALLOW_PRIVATE_HOSTS: 'true' }).storeAllowPrivateHosts).toBe(true)
    expect(loadConfig({ STORE_ALLOW_PRIVATE_HOSTS: '0' }).storeAllowPrivateHosts).toBe(false)
    expect(() => loadConfig({ STORE_ALLOW_PRIVATE_HOSTS: 'yes' })).toThrow(
      'STORE_ALLOW_PRIVATE_HOSTS must be true or false, not "yes"',
    )
  })

  it('spreads the local store over STORAGE_URLS, or PUBLIC_URL alone when it is unset', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://console.example.com/app/' }).storageUrls).toEqual([
      'https://console.example.com/app',
    ])
    expect(
      loadConfig({ STORAGE_URLS: ' http://s1.localhost:8080, http://S2.localhost:8080/ ,' }).storageUrls,
    ).toEqual(['http://s1.localhost:8080', 'http://s2.localhost:8080'])
    expect(loadConfig({ STORAGE_URLS: '' }).storageUrls).toEqual(['http://localhost:8080'])
  })

  it('reads S3_ENDPOINT_ALIASES as origins of the default S3 store', () => {
    const s3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    }
    expect(loadConfig(s3).s3?.endpointAliases).toEqual([])
    expect(
      loadConfig({ ...s3, S3_ENDPOINT_ALIASES: 'http://s3a.localhost:9000,https://s3b.example.com' }).s3
        ?.endpointAliases,
    ).toEqual(['http://s3a.localhost:9000', 'https://s3b.example.com'])
  })

  it('serves /metrics only with a METRICS_TOKEN of bearer characters, 16 or more', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined()
    const token = 'c0ffee'.repeat(8)
    expect(loadConfig({ METRICS_TOKEN: ` ${token} ` }).metricsToken).toBe(token)
    expect(loadConfig({ METRICS_TOKEN: 'aB3-._~+/aB3-._~+/==' }).metricsToken).toBe('aB3-._~+/aB3-._~+/==')
    for (const refused of [
      'short-token-123',
      'sixteen chars ok',
      'x'.repeat(20) + '"',
      '=' + 'x'.repeat(20),
    ]) {
      expect(() => loadConfig({ METRICS_TOKEN: refused }), refused).toThrow(
        'METRICS_TOKEN must be at least 16 letters, digits or -._~+/ (`openssl rand -hex 32` prints one)',
      )
    }
  })

  it('gives requests in flight 30 s after SIGTERM unless SHUTDOWN_GRACE_SECONDS says otherwise', () => {
    expect(loadConfig({}).shutdownGraceSeconds).toBe(30)
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '120' }).shutdownGraceSeconds).toBe(120)
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' })).toThrow(
      'SHUTDOWN_GRACE_SECONDS must be a whole number of seconds from 1 to 86400, not "0"',
    )
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(8080)
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined()
  })

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ S3_BUCKET: 'media' }, /missing: S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, /together/],
    [{ TRUSTED_PROXIES: 'proxy.internal' }, /TRUSTED_PROXIES .*"proxy.internal"/],
    [{ RATE_LIMIT_EXEMPT: '10.0.0.0/33' }, /RATE_LIMIT_EXEMPT .*"10.0.0.0\/33"/],
    [{ RATE_LIMIT_EXEMPT: '::1/129' }, /RATE_LIMIT_EXEMPT/],
    [{ IDLE_TIMEOUT_SECONDS: '0' }, /IDLE_TIMEOUT_SECONDS/],
    [{ IDLE_TIMEOUT_SECONDS: '1.5' }, /IDLE_TIMEOUT_SECONDS/],
    [{ STORAGE_URLS: 's1.localhost:8080' }, /STORAGE_URLS .*"s1.localhost:8080"/],
    [{ STORAGE_URLS: 'ftp://s1.localhost' }, /STORAGE_URLS .*"ftp:\/\/s1.localhost"/],
    [{ STORAGE_URLS: 'http://s1.localhost:8080/storage' }, /STORAGE_URLS .*without a path/],
    [{ STORAGE_URLS: 'http://s1.localhost:8080,http://s2.localhost:8080/?a=1' }, /STORAGE_URLS .*"http/],
    [{ STORAGE_URLS: 'http://user@s1.localhost:8080' }, /STORAGE_URLS/],
    [{ STORAGE_URLS: 'http://s1.localhost:8080#top' }, /STORAGE_URLS/],
    [
      {
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_ENDPOINT_ALIASES: 'http://127.0.0.1:9001/media',
      },
      /S3_ENDPOINT_ALIASES/,
    ],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })
})

describe('addressMatcher', () => {
  it('matches addresses and ranges of both families, IPv4-mapped IPv6 as IPv4', () => {
    const matches = addressMatcher(['127.0.0.1', '10.0.0.0/8', 'fd00::/8'])
    expect(['127.0.0.1', '::ffff:127.0.0.1', '10.200.3.4', 'fd12::1'].every(matches)).toBe(true)
    expect(['127.0.0.2', '11.0.0.1', '::1', 'fe80::1', 'not an address'].some(matches)).toBe(false)
    expect(addressMatcher([])('127.0.0.1')).toBe(false)
  })
})

describe('limitSubject', () => {
  it('counts an IPv4 client as itself and an IPv6 client by its /64', () => {
    expect(limitSubject('203.0.113.9')).toBe('203.0.113.9')
    expect(limitSubject('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(limitSubject('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(limitSubject('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
    expect(limitSubject('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(limitSubject('::1')).toBe('0:0:0:0::/64')
  })
})
