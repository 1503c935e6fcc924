import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('PackageUpload', { description: 'A package being staged chunk by chunk; installPackage and upgradePackage name it by id.' })
export class PackageUploadType {
  @Field(() => ID)
  id!: string;

  @Field(() => Int, { description: 'Bytes of the ZIP received so far.' })
  bytes!: number;

  @Field(() => Int, { description: 'Chunks received so far: the seq of the next chunk.' })
  chunks!: number;
}
