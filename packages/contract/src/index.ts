export * from './constants.js';
export * from './ids.js';
export * from './errors.js';
export * from './user.js';
export * from './organization.js';
export * from './auth.js';
export * from './users.js';
export * from './teams.js';
