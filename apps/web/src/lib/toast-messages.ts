import { pickOne, type RandomSource } from './random';

export const toastTypes = ['celebration', 'insight', 'warning', 'success', 'error'] as const;
export type ToastType = (typeof toastTypes)[number];

/** Spec §9 durations in milliseconds. */
export const TOAST_DURATIONS = {
  default: 5_000,
  success: 5_000,
  error: 6_000,
  motivational: 6_000,
  celebration: 7_000,
  insight: 8_000,
  warning: 10_000,
} as const;

export type ToastDurationKey = keyof typeof TOAST_DURATIONS;

export function getToastDuration(type?: ToastDurationKey): number {
  return type ? TOAST_DURATIONS[type] : TOAST_DURATIONS.default;
}

export type ToastMessage = { title: string; description: string };

export const celebrationMessages: readonly ToastMessage[] = [
  {
    title: 'New milestone unlocked',
    description: 'Your listeners just hit a new high. Time to plan the encore.',
  },
  {
    title: 'That release is flying',
    description: 'Your latest drop is outperforming your last three. Take a bow.',
  },
  {
    title: 'Crowd’s getting bigger',
    description: 'You gained more followers this week than any week this year.',
  },
  { title: 'Profile complete', description: 'Your artist profile is ready for the spotlight.' },
];

export const insightMessages: readonly ToastMessage[] = [
  {
    title: 'Your fans are night owls',
    description: 'Most plays land between 9 pm and midnight — schedule premieres then.',
  },
  {
    title: 'Shorts pull new listeners',
    description: 'Clips under 60 seconds bring in most of your first-time fans.',
  },
  {
    title: 'Weekend momentum',
    description: 'Saturday posts earn noticeably more saves than weekday ones.',
  },
  {
    title: 'Collabs travel further',
    description: 'Tracks with a featured artist reach new cities faster.',
  },
];

export const warningMessages: readonly ToastMessage[] = [
  {
    title: 'Connection needs a refresh',
    description: 'One of your platforms stopped syncing. Reconnect it to keep stats current.',
  },
  {
    title: 'Quiet week',
    description: 'Engagement dipped this week — a behind-the-scenes post often brings fans back.',
  },
  {
    title: 'Usage almost at the limit',
    description: 'You’re close to this month’s analytics limit for your plan.',
  },
];

export const motivationalMessages: readonly ToastMessage[] = [
  {
    title: 'Keep the beat going',
    description: 'Consistency beats virality. One post a day adds up.',
  },
  {
    title: 'Every stream counts',
    description: 'The artists you look up to started with an audience of one.',
  },
  { title: 'Trust the process', description: 'Small gains stack into a crescendo.' },
];

export const toastMessagePools = {
  celebration: celebrationMessages,
  insight: insightMessages,
  warning: warningMessages,
  motivational: motivationalMessages,
} as const;

export function pickToastMessage(
  pool: keyof typeof toastMessagePools,
  random: RandomSource = Math.random,
): ToastMessage {
  return pickOne(toastMessagePools[pool], random);
}

export const CONNECTION_ERROR_TITLE = 'Connection Error';
export const CONNECTION_ERROR_DESCRIPTION =
  'Having trouble connecting. Please check your internet connection.';
