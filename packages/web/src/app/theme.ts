import { type CSSVariablesResolver, createTheme, darken } from '@mantine/core';

// Drop-downs are mounted only while open, so that a closed list does not share its input's label
// (tests and assistive tools find one element per label). Plain objects rather than Select.extend()
// keep the drop-down code out of the entry chunk that the login screen loads.
const closedListsUnmounted = { defaultProps: { comboboxProps: { keepMounted: false } } };
// A dialog's close button shows only an ×: its name for screen readers (axe: button-name).
const namedCloseButton = { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } };
// A badge clips its label to what its box is given, and a table column sized to its content gives
// it almost nothing ('AC…' for Active): a badge is never narrower than its label.
const wholeBadge = { styles: { root: { minWidth: 'max-content' } } };

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 (#3b5bdb) keeps white button text and blue links above WCAG AA's 4.5:1, on white and
  // on tinted alerts; Mantine's default shade 6 (#4c6ef5) gives 4.3:1 on white.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Select: closedListsUnmounted,
    MultiSelect: closedListsUnmounted,
    Autocomplete: closedListsUnmounted,
    Modal: namedCloseButton,
    Drawer: namedCloseButton,
    Badge: wholeBadge,
  },
});

/**
 * Text colours that pass WCAG 2 AA (4.5:1) on white and on the light page background: dimmed
 * labels and placeholders darker than Mantine's grey 6 and 5 (3.3:1 and 2.1:1), and the text of
 * light badges, alerts and buttons darker than shade 9 on its tinted background (down to 3.8:1),
 * and coloured text darker than its shade 6.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6b737b',
    // A field's error message: red shade 6 is 3.3:1 on white, shade 9 above 4.5:1.
    '--mantine-color-error': current.colors.red[9],
    // Red buttons (delete, cancel, confirm dialogs): white on shade 8 is 4.51:1, so the text's
    // anti-aliasing reads 4.48 to axe; shade 9 gives 5.5:1.
    '--mantine-color-red-filled': current.colors.red[9],
    '--mantine-color-red-filled-hover': darken(current.colors.red[9], 0.1),
    ...Object.fromEntries(
      Object.entries(current.colors).flatMap(([name, shades]) => [
        [`--mantine-color-${name}-light-color`, darken(shades[9], 0.3)],
        // Coloured text (c="red", a yellow amount): shade 6 is 3.8:1 for red and 2.1:1 for yellow.
        [`--mantine-color-${name}-text`, darken(shades[9], 0.25)],
        [`--mantine-color-${name}-outline`, darken(shades[9], 0.25)],
      ]),
    ),
  },
  dark: {},
});
