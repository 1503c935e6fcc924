export enum OrganisationRole {
  member = 'member',
  admin = 'admin',
}
