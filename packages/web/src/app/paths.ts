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
  products: '/products',
  productNew: '/products/new',
  product: '/products/$productId',
  productEdit: '/products/$productId/edit',
  categories: '/categories',
  brands: '/brands',
  groupedProducts: '/grouped-products',
  productCollections: '/product-collections',
  productGroups: '/product-attributes',
  variantGroups: '/variant-groups',
  configurations: '/configurations',
  webStores: '/web-stores',
  paymentMethods: '/payment-methods',
  taxes: '/taxes',
  users: '/users',
  roles: '/users/roles',
  unauthorized: '/unauthorized',
  docs: '/docs',
} as const;

/** The address of one product's page and of its edit form. */
export const productPath = (id: number) => `/products/${id}`;
export const productEditPath = (id: number) => `/products/${id}/edit`;
