/** The modeller page of a model ('new' for a new one): app/route-paths.ts routes it. */
export const MODEL_DESIGN_ROUTE = '/flow/model/design/:id';

export const modelDesignPath = (id: string | 'new') =>
  MODEL_DESIGN_ROUTE.replace(':id', encodeURIComponent(id));
