export { insertWarehouse } from './warehouses.queries.ts';
