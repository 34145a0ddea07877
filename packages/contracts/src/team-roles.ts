import type { OrganizationRole } from './auth';

export const organizationRoleLabels: Record<OrganizationRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  viewer: 'Viewer',
};

export const organizationRoleDescriptions: Record<OrganizationRole, string> = {
  owner: 'Everything, including billing and members.',
  manager: 'Everything except billing and members.',
  viewer: 'Sees the numbers, changes nothing.',
};
