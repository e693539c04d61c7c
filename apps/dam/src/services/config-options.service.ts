import type { ConfigOptions } from '@magpie/api-types';
import type { Caller } from '../policies/archive.policy.ts';
import { administrationPolicy } from '../policies/administration.policy.ts';
import { presentConfigOptions } from '../presenters/administration.presenter.ts';

/** The permissions overview (`GET /fotoweb/api/config/options`, spec 03 §3.4): what the administration screens may offer. */
export class ConfigOptionsService {
  /**
   * The group permissions, license levels and modes, and the configuration sections the caller may change
   * (`presentConfigOptions`).
   * @throws ApiError 403 Forbidden without `manageUsers`, `manageSettings` and `changeSiteAppearance`.
   */
  options(caller: Caller): ConfigOptions {
    administrationPolicy.assertMayReadConfigOptions(caller);
    return presentConfigOptions(administrationPolicy.configSections(caller));
  }
}
