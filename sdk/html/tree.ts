/** A parsed HTML fragment, the shape both parsers (browser `<template>` and the portable one) produce. */
export type HtmlNode = HtmlElement | HtmlText

/** An element with its lower-case tag name and attributes in source order. */
export interface HtmlElement {
  kind: 'element'
  tag: string
  attributes: ReadonlyArray<readonly [name: string, value: string]>
  children: HtmlNode[]
}

/** Decoded text. */
export interface HtmlText {
  kind: 'text'
  text: string
}
