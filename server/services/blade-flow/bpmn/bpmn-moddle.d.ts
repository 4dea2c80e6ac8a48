/**
 * bpmn-moddle 10 exports its class without a declaration for its main entry (its element types
 * are under `bpmn-moddle/types`): what check.ts uses of it.
 */
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    readonly $type: string;
    readonly $attrs?: Record<string, unknown>;
    readonly $parent?: ModdleElement;
    [key: string]: unknown;
  }
  export interface ParseResult {
    rootElement: ModdleElement;
    warnings: { message: string }[];
  }
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>, options?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<ParseResult>;
  }
}
