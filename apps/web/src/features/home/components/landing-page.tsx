import { BarChart3, Globe2, LineChart, Sparkles, Users, MonitorPlay } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { getHomePathForRoles, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';

const features = [
  {
    icon: Users,
    title: 'Know your audience',
    body: 'See where your fans listen, when they show up and which songs turn first-time listeners into followers.',
  },
  {
    icon: MonitorPlay,
    title: 'YouTube & Meta in one place',
    body: 'Connect your channels once. Views, watch time, reach and saves land on one dashboard.',
  },
  {
    icon: LineChart,
    title: 'Return on every release',
    body: 'Track what each release and campaign really earned you, so your next budget goes where it works.',
  },
  {
    icon: Sparkles,
    title: 'An assistant that gets music',
    body: 'Ask plain questions — “which city should I tour?” — and get answers grounded in your own numbers.',
  },
];

const stats = [
  { value: '1 dashboard', label: 'for YouTube, Instagram and Facebook' },
  { value: '5 min', label: 'from sign-up to first insight' },
  { value: '0 spreadsheets', label: 'to keep your numbers straight' },
];

export function LandingPage() {
  const { isSignedIn, user, roles } = useAuth();
  return (
    <div className="flex flex-col">
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 -top-40 h-96 bg-gradient-to-b from-brand-200/60 to-transparent blur-3xl dark:from-brand-900/40"
        />
        <div className="relative mx-auto flex max-w-6xl flex-col items-center px-4 pt-16 pb-14 text-center sm:px-6 sm:pt-24 sm:pb-20">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800 dark:border-brand-800 dark:bg-brand-950 dark:text-brand-200">
            <Globe2 className="h-3.5 w-3.5" aria-hidden="true" /> Built for independent artists
          </p>
          <h1 className="max-w-3xl text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
            Grow your audience with numbers you can actually use.
          </h1>
          <p className="mt-5 max-w-2xl text-base text-zinc-600 sm:text-lg dark:text-zinc-400">
            Crescendo brings your YouTube and Meta stats, audience insights and release ROI into one
            calm dashboard — so you spend less time in spreadsheets and more time making music.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {isSignedIn && user ? (
              <Button asChild size="lg">
                <Link to={getHomePathForRoles(roles)}>Open my dashboard</Link>
              </Button>
            ) : (
              <>
                <Button asChild size="lg">
                  <Link to={paths.register}>Join the waitlist</Link>
                </Button>
                <Button asChild size="lg" variant="secondary">
                  <Link to={paths.login}>I already have an account</Link>
                </Button>
              </>
            )}
          </div>
          <dl className="mt-14 grid w-full max-w-3xl grid-cols-1 gap-4 sm:grid-cols-3">
            {stats.map((stat) => (
              <div
                key={stat.value}
                className="rounded-2xl border border-zinc-200 bg-white/70 p-4 dark:border-zinc-800 dark:bg-zinc-900/70"
              >
                <dt className="text-sm text-zinc-600 dark:text-zinc-400">{stat.label}</dt>
                <dd className="mt-1 text-xl font-semibold">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <section
        aria-labelledby="features-heading"
        className="border-t border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/40"
      >
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
          <h2
            id="features-heading"
            className="text-center text-2xl font-semibold tracking-tight sm:text-3xl"
          >
            Everything you need between releases
          </h2>
          <ul className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-2">
            {features.map((feature) => (
              <li
                key={feature.title}
                className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
              >
                <feature.icon
                  className="h-6 w-6 text-brand-700 dark:text-brand-300"
                  aria-hidden="true"
                />
                <h3 className="mt-4 text-lg font-semibold">{feature.title}</h3>
                <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{feature.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="mx-auto flex max-w-6xl flex-col items-center px-4 py-16 text-center sm:px-6">
        <BarChart3 className="h-8 w-8 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        <h2 className="mt-4 text-2xl font-semibold tracking-tight">
          Your next crescendo starts here
        </h2>
        <p className="mt-2 max-w-xl text-sm text-zinc-600 dark:text-zinc-400">
          We’re letting artists in from the waitlist every week. Grab your spot and we’ll let you
          know the moment you’re in.
        </p>
        {!isSignedIn ? (
          <Button asChild size="lg" className="mt-6">
            <Link to={paths.register}>Claim your spot</Link>
          </Button>
        ) : null}
      </section>
    </div>
  );
}
