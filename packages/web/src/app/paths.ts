/** Paths the shell and the guards send users to. */
export const PATHS = {
  root: '/',
  home: '/home',
  homeOverview: '/home/overview',
  auth: '/auth',
  login: '/auth/login',
  reset: '/auth/reset',
  signup: '/signup',
  signupVerify: '/signup/verify',
  company: '/company',
  users: '/users',
  roles: '/users/roles',
  unauthorized: '/unauthorized',
  docs: '/docs',
} as const;
