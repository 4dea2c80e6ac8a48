import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import '../../components/bpmn-diagram/bpmn-diagram.css';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';

/** What the page asks of the modeller. */
export interface ModelerHandle {
  /**
   * The diagram as BPMN XML. With one process at the root, its id becomes `processKey` (the
   * model key is the process key the deployment registers) and an empty name takes `name`.
   */
  xml(processKey: string, name: string): Promise<string>;
  /** Moves keyboard focus into the canvas (its keys are bound there). */
  focus(): void;
}

/** The canvas is an application region: its keys are the modeller's (listed in the `?` sheet). */
function labelCanvas(container: HTMLElement, label: string) {
  const svg = container.querySelector('svg');
  svg?.setAttribute('aria-label', label);
  svg?.setAttribute('role', 'application');
}

interface Root {
  type: string;
  businessObject: { id: string; name?: string };
}

/**
 * The BPMN modeller (bpmn-js Modeler: palette, context pad, direct editing, its own keys while
 * the canvas has focus), in its own chunk with bpmn-js's styles: only the modeller page loads it.
 * bpmn-js adds no script and no style element (the CSP allows neither inline script nor needs
 * more than the files imported here).
 */
export default function BpmnModeler({
  xml,
  label,
  handle,
  onChange,
  onReady,
  onError,
}: {
  /** The diagram to open; a new value re-opens it. */
  xml: string;
  /** Accessible name of the canvas. */
  label: string;
  handle: Ref<ModelerHandle>;
  /** Any edit (the command stack changed). */
  onChange(): void;
  onReady?(): void;
  onError(error: unknown): void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const modeler = useRef<Modeler>(undefined);
  const labelRef = useRef(label);
  const callbacks = useRef({ onChange, onReady, onError });
  useLayoutEffect(() => {
    callbacks.current = { onChange, onReady, onError };
  });

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const instance = new Modeler({ container, keyboard: { bind: true } });
    modeler.current = instance;
    let gone = false;
    instance.on('commandStack.changed', () => callbacks.current.onChange());
    void (async () => {
      try {
        await instance.importXML(xml);
        if (gone) return;
        instance
          .get<{ zoom(mode: 'fit-viewport', center: 'auto'): void }>('canvas')
          .zoom('fit-viewport', 'auto');
        labelCanvas(container, labelRef.current);
        callbacks.current.onReady?.();
      } catch (error) {
        if (!gone) callbacks.current.onError(error);
      }
    })();
    return () => {
      gone = true;
      modeler.current = undefined;
      instance.destroy();
    };
    // Only a new diagram re-opens the modeller: a language change must not drop the edits.
  }, [xml]);

  useEffect(() => {
    labelRef.current = label;
    if (host.current) labelCanvas(host.current, label);
  }, [label]);

  useImperativeHandle(
    handle,
    () => ({
      async xml(processKey, name) {
        const instance = modeler.current;
        if (!instance) throw new Error('modeller not ready');
        const root = instance.get<{ getRootElement(): Root }>('canvas').getRootElement() as
          Root | undefined;
        if (root?.type === 'bpmn:Process') {
          const properties: Record<string, string> = {};
          if (processKey && root.businessObject.id !== processKey) properties.id = processKey;
          if (name && !root.businessObject.name) properties.name = name;
          if (Object.keys(properties).length > 0) {
            instance
              .get<{ updateProperties(e: Root, p: Record<string, string>): void }>('modeling')
              .updateProperties(root, properties);
          }
        }
        const { xml: saved } = await instance.saveXML({ format: true });
        if (!saved) throw new Error('empty diagram');
        return saved;
      },
      focus() {
        const svg = host.current?.querySelector('svg');
        svg?.focus({ preventScroll: true });
      },
    }),
    [],
  );

  return <div ref={host} className="qy-bpmn-canvas" />;
}
