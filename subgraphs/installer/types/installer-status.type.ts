import { Field, ObjectType } from 'type-graphql';

@ObjectType('PendingInstall', { description: 'An install recorded and waiting for its deferred apply.' })
export class PendingInstallType {
  @Field()
  module!: string;

  @Field({ description: 'When the install was recorded.' })
  since!: Date;

  @Field(() => String, { nullable: true, description: 'Why the last apply failed; it is tried again at the next start.' })
  error?: string | null;
}

@ObjectType('InstallerStatus')
export class InstallerStatusType {
  @Field({ description: 'False when INSTALLER=false: only this status answers then.' })
  enabled!: boolean;

  @Field(() => String, { nullable: true, description: 'Where agents read how to install (REST path).' })
  agentGuide?: string;

  @Field(() => [PendingInstallType], { nullable: true })
  pending?: PendingInstallType[];
}
