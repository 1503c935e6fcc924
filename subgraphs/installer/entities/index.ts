import { InstalledModule } from './installed-module.entity';
import { InstallerLock } from './installer-lock.entity';
import { ModuleMember } from './module-member.entity';
import { ModuleText } from './module-text.entity';
import { PackageChunk } from './package-chunk.entity';
import { PackageUpload } from './package-upload.entity';

export { InstalledModule, InstallerLock, ModuleMember, ModuleText, PackageChunk, PackageUpload };
export type { ModuleState } from './installed-module.entity';

export const installerEntities = [InstalledModule, PackageUpload, PackageChunk, ModuleMember, ModuleText, InstallerLock];
