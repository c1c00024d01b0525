/** Where the admin API is mounted under the context path (its own file: start-up mounts it before the router's modules load). */
export const ADMIN_API_PATH = '/admin/v1';
