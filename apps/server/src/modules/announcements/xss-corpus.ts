/**
 * XSS payloads an announcement body must survive (sanitiser tests and the browser render test).
 * Each one, if it ran, would call `window.__xss(n)`, so a render test can count executions.
 */
const fire = '__xss(1)';

export const xssCorpus: readonly string[] = [
  // Script elements, plain and disguised.
  `<script>${fire}</script>`,
  `<SCRIPT SRC=//evil.example/x.js></SCRIPT>`,
  `<scr<script>ipt>${fire}</scr</script>ipt>`,
  `<script/x>${fire}</script>`,
  `<<script>${fire}//<</script>`,
  // Event handlers.
  `<img src=x onerror="${fire}">`,
  `<b onmouseover="${fire}">hover</b>`,
  `<p onclick=${fire}>click</p>`,
  `<body onload=${fire}>`,
  `<input autofocus onfocus=${fire}>`,
  `<details open ontoggle=${fire}>`,
  `<video><source onerror="${fire}"></video>`,
  `<a href="https://example.com" onfocus="${fire}" autofocus>x</a>`,
  `<strong/onmouseover=${fire}>x</strong>`,
  // javascript:, data:, vbscript: in every attribute that takes an address.
  `<a href="javascript:${fire}">x</a>`,
  `<a href="JaVaScRiPt:${fire}">x</a>`,
  `<a href=" javascript:${fire}">x</a>`,
  `<a href="java\tscript:${fire}">x</a>`,
  `<a href="java&#x09;script:${fire}">x</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${fire}">x</a>`,
  `<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&colon;${fire}">x</a>`,
  `<a href="javascript&colon;${fire}">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5fX3hzcygxKTwvc2NyaXB0Pg==">x</a>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<iframe src="javascript:${fire}"></iframe>`,
  `<iframe srcdoc="<script>parent.${fire}</script>"></iframe>`,
  `<form action="javascript:${fire}"><button>go</button></form>`,
  `<button formaction="javascript:${fire}">go</button>`,
  `<object data="javascript:${fire}"></object>`,
  `<embed src="javascript:${fire}">`,
  `<img src="javascript:${fire}">`,
  `<link rel=stylesheet href="javascript:${fire}">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${fire}">`,
  `<base href="javascript:${fire}//">`,
  `<a xlink:href="javascript:${fire}">x</a>`,
  // SVG and MathML.
  `<svg onload=${fire}>`,
  `<svg><script>${fire}</script></svg>`,
  `<svg><a xlink:href="javascript:${fire}"><text x="20" y="20">x</text></a></svg>`,
  `<svg><animate onbegin=${fire} attributeName=x dur=1s>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${fire}></style></mglyph></table></mtext></math>`,
  `<math href="javascript:${fire}">x</math>`,
  // Mutation XSS and parser differentials.
  `<noscript><p title="</noscript><img src=x onerror=${fire}>">`,
  `<svg></p><style><a id="</style><img src=1 onerror=${fire}>">`,
  `<math><mi><table><mi><style></style><img src=x onerror=${fire}></mi></table></mi></math>`,
  `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${fire}>`,
  `<textarea></textarea><img src=x onerror=${fire}></textarea>`,
  `<title><img src=x onerror=${fire}></title>`,
  `<template><img src=x onerror=${fire}></template>`,
  `<xmp><img src=x onerror=${fire}></xmp>`,
  `<!--><img src=x onerror=${fire}>-->`,
  `<![CDATA[<img src=x onerror=${fire}>]]>`,
  // Styles.
  `<p style="background:url(javascript:${fire})">x</p>`,
  `<style>@import 'javascript:${fire}';</style>`,
  `<div style="x:expression(${fire})">x</div>`,
  // Nested and unclosed tags.
  `<a href="https://example.com"><img src=x onerror=${fire}`,
  `<p><b><i><img src=x onerror=${fire}`,
  `<a href="https://example.com/"><a href="javascript:${fire}">nested</a></a>`,
  `<img src="x" onerror="${fire}"`,
  `<ul><li><script>${fire}</script>`,
  `"><img src=x onerror=${fire}>`,
  `'><svg onload=${fire}>`,
];
