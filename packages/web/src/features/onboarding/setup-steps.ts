import { SETUP_STEPS, type SetupStepKey } from '@b2b/domain/setup-guide';
import type { CurrentUser } from '../../api/types';
import { ROUTE_TABLE } from '../../app/route-table';
import { canOpen } from '../../session/has-permission';
import { branchPath, PATHS } from '../../session/paths';
import type { SetupGuide } from './setup-guide.api';

/** The words of the guide's progress, on its page, Home and the Settings panel. */
export const progressText = (done: number, total: number) => `${done} of ${total} done`;

/** Where a step is done, and what the link says. */
export interface StepLink {
  to: string;
  label: string;
}

/**
 * The branch whose page a branch step links to: the first active branch that still lacks what
 * the step asks for, else the first one.
 */
function branchFor(guide: SetupGuide, lacks: (branch: SetupGuide['branches'][number]) => boolean) {
  return guide.branches.find(lacks) ?? guide.branches[0];
}

/** The screen of each step; e-invoicing and mail are set on the server, so they have none. */
function stepLink(key: SetupStepKey, guide: SetupGuide): StepLink | null {
  switch (key) {
    case 'company_profile':
      return { to: PATHS.company, label: 'Edit company profile' };
    case 'logo':
      return { to: PATHS.company, label: 'Upload logo' };
    case 'terms':
      return { to: PATHS.company, label: 'Write terms' };
    case 'bank_and_upi': {
      const branch = branchFor(guide, (b) => !(b.has_bank_account && b.has_upi_id));
      return branch
        ? { to: branchPath(branch.id), label: `Add bank account and UPI ID (${branch.name})` }
        : null;
    }
    case 'invoice_series': {
      const branch = branchFor(guide, (b) => !b.has_invoice_series);
      return branch ? { to: branchPath(branch.id), label: `Set invoice series (${branch.name})` } : null;
    }
    case 'first_product':
      return { to: PATHS.productNew, label: 'Add product' };
    case 'first_buyer':
      return { to: PATHS.buyers, label: 'Add buyer' };
    case 'first_invoice':
      return { to: PATHS.orderNew, label: 'Create order' };
    case 'e_invoicing':
    case 'mail':
      return null;
  }
}

/** The view permission the route table asks for a path (a record's page: its pattern's). */
function permissionOf(path: string): string | undefined {
  const route = ROUTE_TABLE.find(
    (row) => row.path === path || new RegExp(`^${row.path.replace(/\$[A-Za-z]+/g, '[^/]+')}$`).test(path),
  );
  return route?.permission;
}

/** Whether the user may open the screen at `path`: the rule the route guard applies. */
export function mayOpen(user: Pick<CurrentUser, 'role' | 'access_permissions'>, path: string): boolean {
  const permission = permissionOf(path);
  return !permission || canOpen(user, permission);
}

export interface GuideStep {
  key: SetupStepKey;
  title: string;
  description: string;
  done: boolean;
  /** Absent when the step is done on the server, or the user may not open its screen. */
  link: StepLink | null;
}

/** The guide's steps with their descriptions and the links this user may follow. */
export function guideSteps(
  guide: SetupGuide,
  user: Pick<CurrentUser, 'role' | 'access_permissions'>,
): GuideStep[] {
  return guide.steps.map((step) => {
    const link = stepLink(step.key, guide);
    return {
      key: step.key,
      title: step.title,
      description: SETUP_STEPS[step.key].description,
      done: step.done,
      link: link && mayOpen(user, link.to) ? link : null,
    };
  });
}
