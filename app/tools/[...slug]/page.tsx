// Any unknown path of the tools site shows the tools index (spec §2).
export { default, generateMetadata } from "../page";
