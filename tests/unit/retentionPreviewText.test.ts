import { describe, expect, it } from 'vitest'
import {
  purgeDateText,
  purgeReasonText,
  purgeSummaryText,
} from '../../src/routes/_app/-volume/retentionPreviewText.ts'

const item = (reason: 'deleted' | 'replaced') => ({
  media_path: '/media/a.mov',
  file_size: 10,
  reason,
  expires_at: '2026-11-28T23:30:00.000Z',
})

describe('retention preview words', () => {
  it('sums up what would go, and says when only the first are listed', () => {
    const preview = { days: 30, file_count: 0, bytes: 0, day_list: [], file_list: [] }
    expect(purgeSummaryText(preview)).toBe('Over the next 30 days these settings purge nothing.')
    expect(purgeSummaryText({ ...preview, file_count: 1, bytes: 10, file_list: [item('deleted')] })).toBe(
      'Over the next 30 days these settings purge 1 file (10 B).',
    )
    expect(
      purgeSummaryText({ ...preview, file_count: 1500, bytes: 2048, file_list: [item('deleted')] }),
    ).toMatch(/^Over the next 30 days these settings purge 1,500 files \(.+\)\. The first 1 are listed\.$/)
  })

  it('names why and the UTC day of the run that purges it', () => {
    expect(purgeReasonText(item('deleted'))).toBe('Deleted file')
    expect(purgeReasonText(item('replaced'))).toBe('Older version')
    expect(purgeDateText(item('deleted'))).toBe('2026-11-28')
  })
})
