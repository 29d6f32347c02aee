import {
  type AnyRouter,
  createRouter as createTypedRouter,
  type LinkComponentProps,
  type NavigateOptions,
  Link as TypedLink,
  useNavigate as useTypedNavigate,
} from '@tanstack/react-router';
import type { ReactElement } from 'react';

/**
 * For tests that mount a widget under a small router of their own, with paths the app does not
 * have ('/other', '/saved'). The app registers its router type (app/router.tsx), so every literal
 * path given to Link or navigate is checked against the app's route table; these are the very
 * same functions, typed for any router.
 */
type AnyNavigate = (options: NavigateOptions<AnyRouter>) => Promise<void>;

export const Link = TypedLink as (props: LinkComponentProps<'a', AnyRouter>) => ReactElement;

export const useNavigate = useTypedNavigate as () => AnyNavigate;

export function createRouter(options: Parameters<typeof createTypedRouter>[0]) {
  return createTypedRouter(options) as ReturnType<typeof createTypedRouter> & {
    navigate: AnyNavigate;
  };
}
