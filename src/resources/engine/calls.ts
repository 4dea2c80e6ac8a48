import type { CallMethod } from '../../contracts/resource-contract';
import type { ResourceCallName, ResourcePaths } from '../types';

/** One of a resource's calls as declared: undefined path or method = the endpoint's default. */
export interface DeclaredCall {
  path: string | undefined;
  method: CallMethod | undefined;
}

/**
 * The declared path and method of a call (`ResourceDef.paths`). An update without a path of its
 * own is the submit call, with the submit's method unless the update names one.
 */
export function callOf(paths: ResourcePaths | undefined, name: ResourceCallName): DeclaredCall {
  const methods = paths?.methods;
  if (name === 'update' && paths?.update === undefined)
    return { path: paths?.submit, method: methods?.update ?? methods?.submit };
  return { path: paths?.[name], method: methods?.[name] };
}
