import { createTheme } from '@mantine/core';

// Drop-downs are mounted only while open, so that a closed list does not share its input's label
// (tests and assistive tools find one element per label). Plain objects rather than Select.extend()
// keep the drop-down code out of the entry chunk that the login screen loads.
const closedListsUnmounted = { defaultProps: { comboboxProps: { keepMounted: false } } };

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Select: closedListsUnmounted,
    MultiSelect: closedListsUnmounted,
    Autocomplete: closedListsUnmounted,
  },
});
