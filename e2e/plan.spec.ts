// The Plan tab (issue 13; specification 001 sections 2, 3 and 9), against the real server: an admin of a
// Business organization (made through the API, one volume keeping deleted files 14 days) opens the tab
// from the organization's tab bar, sees the current plan and a change list without it, the Enterprise card
// offering contact with sales; picks Starter, reads before confirming that the volume's days are lowered
// to 3 and that the price goes down; changes with one press, and Starter is the current plan, the volume lowered.
import { endpoints } from '../server/contract/endpoints.ts'
import { api, signUpReadyAdmin, updateVolume, volumeIdOf } from './support/api.ts'
import { expect, test } from './support/fixtures.ts'
import { PlanPage } from './pages/PlanPage.ts'

test.describe('plan', () => {
  test('an admin changes Business to Starter after reading what the change does', async ({
    page,
    layout,
    orgDetail,
  }) => {
    const { sessionKey: adminKey, orgId } = await signUpReadyAdmin('plan-admin', 'Plan Org', 'Footage')
    const params = { org_id: orgId }
    await api(endpoints.orgSetPlan, { params, body: { plan_id: 'business_month' } }, adminKey)
    const volumeId = await volumeIdOf(adminKey, orgId, 'Footage')
    await updateVolume(adminKey, orgId, volumeId, { dead_expire_days: 14 })

    const plan = new PlanPage(page)
    await layout.useSession(adminKey)
    await orgDetail.goto()
    await plan.planTab.click()
    await expect(plan.heading).toBeVisible()
    await expect(page).toHaveURL(/\/org\/plan$/)
    await expect(plan.planTab).toHaveAttribute('aria-current', 'page')
    await expect(plan.currentPlan).toContainText('Business')
    // The change list leaves the current plan out; Enterprise is arranged with sales.
    await expect(plan.choice('business_month')).toHaveCount(0)
    await expect(plan.choice('enterprise_month')).toContainText('contact your sales representative')
    await expect(plan.choice('enterprise_month').getByRole('button')).toHaveCount(0)

    await plan.choose('Starter').click()
    await expect(plan.preview).toContainText(
      'Volume Footage: deleted files kept 14 days → 3 days. Deleted files and older versions beyond the new days will be purged by retention.',
    )
    await expect(plan.preview).toContainText('The price goes down by $250.00 per month.')

    // The panel asks, and one press changes: no second confirmation.
    await expect(plan.changePanel).toContainText(
      'Change the plan to Starter and lower the expiration days of 1 volume?',
    )
    await plan.changePlan.click()
    await expect(plan.dialog).toHaveCount(0)
    await expect(plan.status).toHaveText('Your plan is now Starter.')
    await expect(plan.currentPlan).toContainText('Starter')
    await expect(plan.choice('business_month')).toBeVisible()
    await expect(plan.changePanel).toHaveCount(0)
    const volumes = await api(endpoints.volumeList, { params }, adminKey)
    expect(volumes.volume_list.find((volume) => volume.volume_id === volumeId)?.dead_expire_days).toBe(3)
  })
})
