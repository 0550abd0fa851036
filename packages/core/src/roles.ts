/** Role ids as in spec section 6. One role per account. */
export const ROLE = {
  admin: 1,
  teacher: 3,
  assistantTeacher: 4,
  student: 5,
  parent: 9,
  schoolAdmin: 10,
  lsg: 11,
  rexAdmin: 12,
} as const;

export type RoleKey = keyof typeof ROLE;
export type RoleId = (typeof ROLE)[RoleKey];

export const ROLE_IDS: readonly RoleId[] = Object.values(ROLE);

export const roleKeyOf = (id: number): RoleKey | undefined => (Object.keys(ROLE) as RoleKey[]).find((k) => ROLE[k] === id);

export const isRoleId = (id: number): id is RoleId => ROLE_IDS.includes(id as RoleId);

/** Platform roles belong to no school (customers and the shared catalogue). */
export const PLATFORM_ROLES: readonly RoleId[] = [ROLE.admin, ROLE.rexAdmin, ROLE.lsg];

export const isPlatformRole = (id: number): boolean => PLATFORM_ROLES.includes(id as RoleId);
