// JSX typings for <ca-*> elements: properties, attributes and onca-* events with their detail.
/// <reference types="@context-action/elements/react" />
