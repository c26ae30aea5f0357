#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
// libxml2's SAX2 push parser: BudgetKit/BankFiles/XML is the only folder that imports this.
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

/// The line the parser has reached, which Swift cannot read through the opaque context.
static inline int clibxml2_line(xmlParserCtxtPtr ctxt) {
    return (ctxt != NULL && ctxt->input != NULL) ? ctxt->input->line : 0;
}

#endif
