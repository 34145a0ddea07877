/** The account button's look, the same before and after its menu has loaded. */
export const userMenuTriggerClassName =
  'flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white';
