/**
 * A provider's preview setting changed (`import-map`): the previews it provides for read it
 * when they update, so each one inside it, in its shadow root or linked by `runtime="ID"`
 * updates now.
 */
export function refreshPreviews(owner: HTMLElement): void {
  const linked = owner.id
    ? document.querySelectorAll(`ca-preview[runtime="${CSS.escape(owner.id)}"]`)
    : [];
  const previews = [
    ...owner.querySelectorAll('ca-preview'),
    ...(owner.shadowRoot?.querySelectorAll('ca-preview') ?? []),
    ...linked,
  ];
  for (const preview of previews)
    (preview as Element & { requestUpdate?(): void }).requestUpdate?.();
}
