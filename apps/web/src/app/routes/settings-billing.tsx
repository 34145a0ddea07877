// Billing opens the overview (its plan and usage cards); the tab says where the visitor is.
export { Component } from './dashboard';
export const title = 'Billing';
