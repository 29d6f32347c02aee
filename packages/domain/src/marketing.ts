/** The marketing area's company switch (companies.is_marketing_enabled), for every marketing route. */
export const MARKETING_DISABLED_MESSAGE =
  'Marketing is not enabled for your company. Ask your Company Admin to enable it.';
