import { roiBaselineSentence } from '@crescendo/contracts';
import { Card } from '@/components/ui/card';

/**
 * How the ROI page measures a campaign, in plain words: the baseline, what counts as lift, how
 * overlapping campaigns are split and what the period does. Kept next to the figures it explains.
 */
export function RoiMethod({ baselineDays }: { baselineDays: number }) {
  return (
    <Card className="mt-6 p-4 sm:p-5">
      <section aria-labelledby="roi-method-heading">
        <h2 id="roi-method-heading" className="text-base font-semibold tracking-tight">
          How we measure a campaign
        </h2>
        <dl className="mt-3 grid gap-3 text-sm text-zinc-700 sm:grid-cols-2 dark:text-zinc-300">
          <div>
            <dt className="font-medium text-zinc-900 dark:text-zinc-100">Baseline</dt>
            <dd>
              {roiBaselineSentence} It covers followers, views and platform revenue; days when
              another campaign ran are left out so an earlier campaign’s boost is not taken for your
              usual pace. With less history we use the days there are and mark the baseline as
              partial; with none, there is no lift to show.
            </dd>
          </div>
          <div>
            <dt className="font-medium text-zinc-900 dark:text-zinc-100">Platforms</dt>
            <dd>
              Ads are measured on the platform they ran on: YouTube ads on YouTube, Meta ads on
              Instagram and Facebook, TikTok ads on TikTok. PR, pitching, radio and other campaigns
              — and any campaign you set to “Every platform” — are measured on all your platforms.
            </dd>
          </div>
          <div>
            <dt className="font-medium text-zinc-900 dark:text-zinc-100">Lift</dt>
            <dd>
              What each campaign day brought above that pace. A campaign that ran while things
              slowed down shows a negative lift, in red — we never round it up to zero.
            </dd>
          </div>
          <div>
            <dt className="font-medium text-zinc-900 dark:text-zinc-100">Overlapping campaigns</dt>
            <dd>
              Campaigns measured on the same platforms that share days share one baseline (the{' '}
              {baselineDays} days before the first of them), and each shared day’s lift is split
              between them in proportion to what each spent per day. Nothing is counted twice, so
              the totals never exceed what the platforms reported.
            </dd>
          </div>
          <div>
            <dt className="font-medium text-zinc-900 dark:text-zinc-100">ROI and the period</dt>
            <dd>
              ROI = (platform revenue lift + revenue you entered − spend) ÷ spend. The revenue lift
              card shows the platforms’ part only. The period picks the campaigns that ran in it
              (and any still running or planned); each one is always measured over its own dates.
            </dd>
          </div>
        </dl>
      </section>
    </Card>
  );
}
