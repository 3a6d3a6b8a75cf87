// A volume's audit filtered by user, path and time (issue 27's long lists), and exported as CSV: the
// spec's call answers as before without the filters; with them, every filter narrows inside the caller's
// organization and the path's volume, never past them; the export sends every matching event (not a page)
// as text/csv, quoted and safe to open in a spreadsheet, under the same access rules.
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import { csvCell } from '../../server/services/csv.ts'
import { addPerson, adminOrg, type AdminOrg } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { callEndpoint, endpointUrl, refusal } from './helpers/endpoint.ts'
import { useServer } from './helpers/suite.ts'

interface Event {
  userId: number | null
  path: string
  dest?: string
  time: string
}

const HEADER = 'Timestamp,User,Email,Device,Source,Destination\r\n'

describe('CSV cells', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvCell('/media/a.mov')).toBe('/media/a.mov')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('=1+2')).toBe("'=1+2")
    expect(csvCell('+1')).toBe("'+1")
    expect(csvCell('-1')).toBe("'-1")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\t=1')).toBe("'\t=1")
    expect(csvCell('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"')
    expect(csvCell('')).toBe('')
    expect(csvCell('a=b')).toBe('a=b')
  })
})

describe.each(databaseKinds)('volume audit filters and export on %s', (kind) => {
  const suite = useServer(kind)

  async function userIdOf(org: { key: string }): Promise<number> {
    return (await callEndpoint(suite.url, endpoints.currentUser, { key: org.key })).body.user.user_id
  }

  async function insert(org: AdminOrg, volumeId: number, events: readonly Event[]): Promise<void> {
    for (const event of events) {
      await suite.server.app.db.query(
        `INSERT INTO audit_event (org_id, volume_id, media_path, user_id, dest_path, create_time)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [org.orgId, volumeId, event.path, event.userId, event.dest ?? null, event.time],
      )
    }
  }

  type Filter = { user_id?: string; path?: string; from?: string; to?: string }

  const audit = (org: AdminOrg, volumeId: number, query: Filter & { before?: string; limit?: string }) =>
    callEndpoint(suite.url, endpoints.volumeAudit, {
      params: { org_id: org.orgId, volume_id: volumeId },
      query,
      key: org.key,
    })
  const paths = async (org: AdminOrg, volumeId: number, query: Filter & { limit?: string }) => {
    const answer = await audit(org, volumeId, query)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.audit_list.map((event) => event.media_path)
  }

  /** The export's raw answer: status, headers and text. */
  async function exportCsv(key: string | undefined, orgId: number, volumeId: number, query: Filter = {}) {
    const url = new URL(
      endpointUrl(endpoints.volumeAuditExport, {
        params: { org_id: orgId, volume_id: volumeId },
        query: { ...query, ...(key === undefined ? {} : { session_key: key }) },
      }),
      suite.url,
    )
    const response = await fetch(url)
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
      text: await response.text(),
    }
  }

  it('narrows by user, path and time, within the volume and organization', async () => {
    const org = await adminOrg(suite, 'Filters')
    const other = await adminOrg(suite, 'Elsewhere')
    const adminId = await userIdOf(org)
    const member = await addPerson(suite, org)
    const otherId = await userIdOf(other)
    const second = await callEndpoint(suite.url, endpoints.volumeCreate, {
      params: { org_id: org.orgId },
      body: { volume_name: 'Second' },
      key: org.key,
    })
    const secondId = second.body.volume_id
    await insert(org, org.volumeId, [
      { userId: adminId, path: '/media/Cuts/alpha.mov', time: '2026-03-01T10:00:00Z' },
      {
        userId: adminId,
        path: '/media/Cuts/beta.mov',
        dest: '/Volumes/Edit/ALPHA-copy.mov',
        time: '2026-03-02T10:00:00Z',
      },
      { userId: member.userId, path: '/media/Raw/alpha.mov', time: '2026-03-03T10:00:00Z' },
      { userId: member.userId, path: '/media/Raw/gamma.mov', time: '2026-03-05T10:00:00Z' },
      { userId: member.userId, path: '/media/Raw/100%_done.mov', time: '2026-03-06T10:00:00Z' },
    ])
    // Events that every filter below would keep, were it not for their volume or organization.
    await insert(org, secondId, [
      { userId: member.userId, path: '/media/Raw/alpha.mov', time: '2026-03-03T10:00:00Z' },
    ])
    await insert(other, other.volumeId, [
      { userId: otherId, path: '/media/Raw/alpha.mov', time: '2026-03-03T10:00:00Z' },
      { userId: member.userId, path: '/media/Raw/alpha.mov', time: '2026-03-03T10:00:00Z' },
    ])

    // Without filters, the spec's call as before.
    expect(await paths(org, org.volumeId, {})).toEqual([
      '/media/Raw/100%_done.mov',
      '/media/Raw/gamma.mov',
      '/media/Raw/alpha.mov',
      '/media/Cuts/beta.mov',
      '/media/Cuts/alpha.mov',
    ])
    // A path: the source's or the destination's, in any case, a plain substring (no wildcards).
    expect(await paths(org, org.volumeId, { path: 'alpha' })).toEqual([
      '/media/Raw/alpha.mov',
      '/media/Cuts/beta.mov',
      '/media/Cuts/alpha.mov',
    ])
    expect(await paths(org, org.volumeId, { path: 'RAW/ALPHA' })).toEqual(['/media/Raw/alpha.mov'])
    expect(await paths(org, org.volumeId, { path: '%' })).toEqual(['/media/Raw/100%_done.mov'])
    expect(await paths(org, org.volumeId, { path: '_' })).toEqual(['/media/Raw/100%_done.mov'])
    expect(await paths(org, org.volumeId, { path: 'nowhere' })).toEqual([])
    // A user.
    expect(await paths(org, org.volumeId, { user_id: String(member.userId) })).toEqual([
      '/media/Raw/100%_done.mov',
      '/media/Raw/gamma.mov',
      '/media/Raw/alpha.mov',
    ])
    expect(await paths(org, org.volumeId, { user_id: String(member.userId), path: 'alpha' })).toEqual([
      '/media/Raw/alpha.mov',
    ])
    // A time range: from inclusive, to exclusive.
    expect(
      await paths(org, org.volumeId, { from: '2026-03-02T00:00:00.000Z', to: '2026-03-04T00:00:00.000Z' }),
    ).toEqual(['/media/Raw/alpha.mov', '/media/Cuts/beta.mov'])
    expect(
      await paths(org, org.volumeId, { from: '2026-03-02T10:00:00.000Z', to: '2026-03-03T10:00:00.000Z' }),
    ).toEqual(['/media/Cuts/beta.mov'])
    expect(await paths(org, org.volumeId, { from: '2026-03-05T00:00Z' })).toEqual([
      '/media/Raw/100%_done.mov',
      '/media/Raw/gamma.mov',
    ])
    // Pages of a filtered trail.
    const first = await audit(org, org.volumeId, { path: 'media', limit: '2' })
    expect(first.body.audit_list).toHaveLength(2)
    const rest = await audit(org, org.volumeId, {
      path: 'media',
      limit: '2',
      before: first.body.next_before as string,
    })
    expect(rest.body.audit_list.map((event) => event.media_path)).toEqual([
      '/media/Raw/alpha.mov',
      '/media/Cuts/beta.mov',
    ])

    // Never another organization's events: its user's id, or this organization's member's, on its volume.
    expect(await paths(org, org.volumeId, { user_id: String(otherId) })).toEqual([])
    expect(await paths(other, other.volumeId, { user_id: String(member.userId) })).toEqual([
      '/media/Raw/alpha.mov',
    ])
    expect(await paths(other, other.volumeId, { path: 'alpha' })).toHaveLength(2)
    expect(await paths(org, secondId, { path: 'alpha' })).toEqual(['/media/Raw/alpha.mov'])
    expect(await audit(other, org.volumeId, { path: 'alpha' })).toEqual(refusal(404, 'not_found'))
    const foreign = await callEndpoint(suite.url, endpoints.volumeAudit, {
      params: { org_id: org.orgId, volume_id: org.volumeId },
      query: { path: 'alpha' },
      key: other.key,
    })
    expect(foreign.status).toBe(404)
    expect(JSON.stringify(foreign.body)).not.toContain('alpha')

    // Filters the server cannot read are refused, not ignored.
    for (const query of [
      { from: 'yesterday' },
      { to: '2026-03-01' },
      { to: '2026-13-01T00:00:00Z' },
      { path: '' },
      { user_id: '0' },
      { user_id: 'me' },
    ]) {
      expect((await audit(org, org.volumeId, query)).status, JSON.stringify(query)).toBe(400)
    }
  })

  it('exports every matching event as CSV, quoted and without formulas', async () => {
    const org = await adminOrg(suite, 'Export')
    const adminId = await userIdOf(org)
    const member = await addPerson(suite, org)
    await suite.server.app.db.query(`UPDATE app_user SET user_name = $1 WHERE user_id = $2`, [
      '=HYPERLINK("http://evil.example","x")',
      member.userId,
    ])
    const [device] = await suite.server.app.db.query<{ device_id: number }>(
      `INSERT INTO device (org_id, device_name) VALUES ($1, '@Edit, bay') RETURNING device_id`,
      [org.orgId],
    )
    await insert(org, org.volumeId, [
      { userId: adminId, path: '/media/plain.mov', time: '2026-03-01T10:00:00Z' },
      {
        userId: member.userId,
        path: '/media/a,b "quoted".mov',
        dest: '+SUM(1)',
        time: '2026-03-02T10:00:00Z',
      },
      { userId: member.userId, path: '/media/two\nlines.mov', dest: '-2', time: '2026-03-03T10:00:00Z' },
    ])
    await suite.server.app.db.query(`UPDATE audit_event SET device_id = $1 WHERE media_path = $2`, [
      device?.device_id,
      '/media/plain.mov',
    ])

    const all = await exportCsv(org.key, org.orgId, org.volumeId)
    expect(all.status, all.text).toBe(200)
    expect(all.type).toBe('text/csv; charset=utf-8')
    expect(all.disposition).toBe(`attachment; filename="volume-${org.volumeId}-audit.csv"`)
    const evil = `"'=HYPERLINK(""http://evil.example"",""x"")"`
    expect(all.text).toBe(
      HEADER +
        `2026-03-03T10:00:00.000Z,${evil},${member.email},,"/media/two\nlines.mov",'-2\r\n` +
        `2026-03-02T10:00:00.000Z,${evil},${member.email},,"/media/a,b ""quoted"".mov",'+SUM(1)\r\n` +
        `2026-03-01T10:00:00.000Z,,${org.email.toLowerCase()},"'@Edit, bay",/media/plain.mov,Web Download\r\n`,
    )
    // The filters of the list call.
    const filtered = await exportCsv(org.key, org.orgId, org.volumeId, {
      user_id: String(member.userId),
      path: 'QUOTED',
    })
    expect(filtered.text).toBe(
      HEADER + `2026-03-02T10:00:00.000Z,${evil},${member.email},,"/media/a,b ""quoted"".mov",'+SUM(1)\r\n`,
    )
    const none = await exportCsv(org.key, org.orgId, org.volumeId, { from: '2027-01-01T00:00:00Z' })
    expect(none).toMatchObject({ status: 200, text: HEADER })
    expect((await exportCsv(org.key, org.orgId, org.volumeId, { from: 'soon' })).status).toBe(400)
  })

  it('exports all of a long trail, not a page, newest first and each once', async () => {
    const org = await adminOrg(suite, 'Longtrail')
    const adminId = await userIdOf(org)
    await suite.server.app.db.query(
      `INSERT INTO audit_event (org_id, volume_id, media_path, user_id, create_time)
       SELECT $1, $2, '/media/file' || n || '.mov', $3,
              timestamptz '2026-01-01 00:00:00+00' + n * interval '1 minute'
         FROM generate_series(1, 2345) AS n`,
      [org.orgId, org.volumeId, adminId],
    )
    const answer = await exportCsv(org.key, org.orgId, org.volumeId)
    expect(answer.status).toBe(200)
    const lines = answer.text.split('\r\n')
    expect(lines.at(-1)).toBe('')
    const rows = lines.slice(1, -1)
    expect(rows).toHaveLength(2345)
    const files = rows.map((row) => row.split(',')[4])
    expect(new Set(files).size).toBe(2345)
    expect(files[0]).toBe('/media/file2345.mov')
    expect(files.at(-1)).toBe('/media/file1.mov')
    const narrowed = await exportCsv(org.key, org.orgId, org.volumeId, { path: 'file12' })
    // file12, file120-129 and file1200-1299.
    expect(narrowed.text.split('\r\n').slice(1, -1)).toHaveLength(1 + 10 + 100)
  })

  it('refuses the export as it refuses the list: no session, a member, another organization', async () => {
    const org = await adminOrg(suite, 'Guarded')
    const other = await adminOrg(suite, 'Prying')
    const member = await addPerson(suite, org, { cap_web_download: true }, [org.grantId])
    await insert(org, org.volumeId, [
      { userId: member.userId, path: '/media/secret.mov', time: '2026-03-01T10:00:00Z' },
    ])
    const refused = [
      await exportCsv(undefined, org.orgId, org.volumeId),
      await exportCsv(member.key, org.orgId, org.volumeId),
      await exportCsv(other.key, org.orgId, org.volumeId),
      await exportCsv(other.key, other.orgId, org.volumeId),
      await exportCsv(org.key, org.orgId, 999_999_999),
    ]
    expect(refused.map((answer) => [answer.status, JSON.parse(answer.text) as unknown])).toEqual([
      [403, { error: 'invalid_session' }],
      [403, { error: 'admin_required' }],
      [404, { error: 'not_found' }],
      [404, { error: 'not_found' }],
      [404, { error: 'not_found' }],
    ])
    for (const answer of refused) {
      expect(answer.type).toMatch(/^application\/json/)
      expect(answer.disposition).toBeNull()
      expect(answer.text).not.toContain('secret')
    }
  })
})
