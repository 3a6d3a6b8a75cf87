// How a volume's media at risk reads (issue 11): the days of the address, the counts, the risk of each
// file, its devices' last seen, its path in the volume and where it opens for an admin.
import { describe, expect, it } from 'vitest'
import type { AtRiskFile } from '../../server/contract/atRisk.ts'
import type { MediaGrant } from '../../server/contract/volume.ts'
import {
  countsText,
  daysText,
  explanationText,
  fileHref,
  parseStaleDays,
  riskText,
  seenText,
  showingText,
  staleDayOptions,
  volumeFilePath,
} from '../../src/routes/_app/-volume/atRisk.ts'

const NOW = new Date('2026-11-25T12:00:00')

function file(overrides: Partial<AtRiskFile> = {}): AtRiskFile {
  return {
    media_id: 1,
    media_path: '/media/raw.mov',
    file_size: 10,
    last_updated: '2026-11-25T10:00:00Z',
    is_stale: false,
    device_list: [],
    ...overrides,
  }
}

const studio = { device_id: 4, device_name: 'Studio Mac', last_seen: '2026-11-25T11:00:00' }

function grant(overrides: Partial<MediaGrant>): MediaGrant {
  return {
    media_grant_id: 1,
    grant_name: 'Footage',
    volume_id: 3,
    volume_name: 'Main',
    prefix_path: '/',
    is_disabled: 0,
    last_seen: null,
    user_list: [],
    device_list: [],
    ...overrides,
  }
}

describe('the days of the address', () => {
  it('reads 1 to 365 days, as a number or text, and nothing else', () => {
    expect(parseStaleDays(30)).toBe(30)
    expect(parseStaleDays('1')).toBe(1)
    expect(parseStaleDays('365')).toBe(365)
    for (const bad of [0, '0', 366, '366', '07', 1.5, '1e2', -3, '', undefined, null, 'x', [7]]) {
      expect(parseStaleDays(bad), String(bad)).toBeUndefined()
    }
  })

  it('offers the usual choices, and the one from the address among them in order', () => {
    expect(staleDayOptions(7).map((option) => option.label)).toEqual([
      '1 day',
      '7 days',
      '30 days',
      '90 days',
      '365 days',
    ])
    expect(staleDayOptions(14).map((option) => option.value)).toEqual(['1', '7', '14', '30', '90', '365'])
  })
})

describe('the words', () => {
  it('counts the files and names the days', () => {
    expect(countsText({ not_uploaded_count: 3, stale_count: 1, stale_days: 7 })).toBe(
      '3 files not uploaded; 1 held by no device seen in the last 7 days',
    )
    expect(countsText({ not_uploaded_count: 1, stale_count: 0, stale_days: 1 })).toBe(
      '1 file not uploaded; 0 held by no device seen in the last 1 day',
    )
    expect(countsText({ not_uploaded_count: 1200, stale_count: 1000, stale_days: 30 })).toBe(
      '1,200 files not uploaded; 1,000 held by no device seen in the last 30 days',
    )
    expect(daysText(365)).toBe('365 days')
    expect(explanationText(30)).toBe(
      "Files whose content is not in the cloud yet ('Not Uploaded'): only the devices that hold them have a copy. " +
        'Those that no device seen in the last 30 days holds would be lost with the machines that hold them.',
    )
  })

  it('says when the list shows only the first files', () => {
    const listed = Array.from({ length: 200 }, (_, index) => file({ media_id: index }))
    expect(showingText({ not_uploaded_count: 250, file_list: listed })).toBe(
      'Showing the first 200 of 250 files.',
    )
    expect(showingText({ not_uploaded_count: 200, file_list: listed })).toBeUndefined()
    expect(showingText({ not_uploaded_count: 0, file_list: [] })).toBeUndefined()
  })

  it('names the risk: no device, only quiet devices, or a recent one', () => {
    expect(riskText(file({ is_stale: true }))).toBe('No device')
    expect(riskText(file({ is_stale: true, device_list: [studio] }))).toBe('Only on quiet devices')
    expect(riskText(file({ is_stale: false, device_list: [studio] }))).toBe('On a recent device')
  })

  it("says when a device was last seen, in the tables' short time", () => {
    expect(seenText(studio.last_seen, NOW)).toBe('last seen 11:00 AM')
    expect(seenText('2026-11-01T11:00:00', NOW)).toBe('last seen 11/1/26')
    expect(seenText(null, NOW)).toBe('never seen')
  })
})

describe('where a file is and opens', () => {
  it('shows the path in the volume', () => {
    expect(volumeFilePath('/media/raw.mov')).toBe('/raw.mov')
    expect(volumeFilePath('/media/Projects/a b/clip.mov')).toBe('/Projects/a b/clip.mov')
  })

  it("opens through the deepest enabled container of the admin's over the file in this volume", () => {
    const grants = [
      grant({ grant_name: 'Root' }),
      grant({ grant_name: 'Projects', prefix_path: '/Projects' }),
      grant({ grant_name: 'Off', prefix_path: '/Projects/a b', is_disabled: 1 }),
      grant({ grant_name: 'Elsewhere', volume_id: 9, prefix_path: '/Projects/a b' }),
    ]
    expect(fileHref('/media/projects/a b/clip.mov', 3, grants)).toBe('/home/Projects/a%20b/clip.mov')
    expect(fileHref('/media/raw.mov', 3, grants)).toBe('/home/Root/raw.mov')
    // A container over '/Projects' does not cover '/ProjectsOld'.
    expect(fileHref('/media/ProjectsOld/x.mov', 3, grants.slice(1))).toBeUndefined()
    expect(fileHref('/media/raw.mov', 4, grants)).toBeUndefined()
    expect(fileHref('/media/raw.mov', 3, [])).toBeUndefined()
  })
})
