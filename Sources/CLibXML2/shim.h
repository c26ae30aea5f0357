#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
// The part of libxml2's ABI that BudgetKit/BankFiles/XML (the only folder importing this) uses:
// the SAX2 push parser of libxml2.so.2, whose functions LibXML2.swift looks up with dlopen and
// dlsym when the first XML document is read.
//
// Declared here, not by including <libxml/parser.h>: that header needs -I/usr/include/libxml2,
// which SwiftPM takes from pkg-config together with -lxml2, and linking libxml2 makes every
// `budget` process load it and, through it, ICU, libstdc++, liblzma and zlib (about 2.5 ms of
// CPU per command, for the few that read XML). The declarations follow libxml2's parser.h and
// xmlerror.h; their layouts are part of the libxml2.so.2 ABI and do not change.

/// libxml2's UTF-8 byte.
typedef unsigned char xmlChar;

/// A parser context (opaque here: read through the functions below).
typedef struct _xmlParserCtxt xmlParserCtxt;
typedef xmlParserCtxt *xmlParserCtxtPtr;

/// An error as libxml2 reports it (xmlerror.h).
typedef struct _xmlError {
    int domain;
    int code;
    char *message;
    int level;
    char *file;
    int line;
    char *str1;
    char *str2;
    char *str3;
    int int1;
    int int2;
    void *ctxt;
    void *node;
} xmlError;
typedef xmlError *xmlErrorPtr;

/// The SAX callbacks the reader sets (parser.h).
typedef void (*internalSubsetSAXFunc)(void *ctx, const xmlChar *name, const xmlChar *ExternalID, const xmlChar *SystemID);
typedef void (*charactersSAXFunc)(void *ctx, const xmlChar *ch, int len);
typedef void (*cdataBlockSAXFunc)(void *ctx, const xmlChar *value, int len);
typedef void (*startElementNsSAX2Func)(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI,
                                       int nb_namespaces, const xmlChar **namespaces, int nb_attributes,
                                       int nb_defaulted, const xmlChar **attributes);
typedef void (*endElementNsSAX2Func)(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI);
typedef void (*xmlStructuredErrorFunc)(void *userData, xmlErrorPtr error);

/// The SAX handler (parser.h's struct _xmlSAXHandler, field for field): the callbacks the
/// reader does not set are left NULL, so they are plain pointers here.
typedef struct _xmlSAXHandler {
    internalSubsetSAXFunc internalSubset;
    void *isStandalone;
    void *hasInternalSubset;
    void *hasExternalSubset;
    void *resolveEntity;
    void *getEntity;
    void *entityDecl;
    void *notationDecl;
    void *attributeDecl;
    void *elementDecl;
    void *unparsedEntityDecl;
    void *setDocumentLocator;
    void *startDocument;
    void *endDocument;
    void *startElement;
    void *endElement;
    void *reference;
    charactersSAXFunc characters;
    void *ignorableWhitespace;
    void *processingInstruction;
    void *comment;
    void *warning;
    void *error;
    void *fatalError;
    void *getParameterEntity;
    cdataBlockSAXFunc cdataBlock;
    void *externalSubset;
    unsigned int initialized;
    void *_private;
    startElementNsSAX2Func startElementNs;
    endElementNsSAX2Func endElementNs;
    xmlStructuredErrorFunc serror;
} xmlSAXHandler;

/// `initialized` of a SAX2 handler.
#define XML_SAX2_MAGIC 0xDEEDBEAF

/// The parser options the reader sets (parser.h's xmlParserOption).
typedef enum {
    XML_PARSE_NOERROR = 1 << 5,
    XML_PARSE_NOWARNING = 1 << 6,
    XML_PARSE_NONET = 1 << 11,
    XML_PARSE_NOCDATA = 1 << 14,
    XML_PARSE_IGNORE_ENC = 1 << 21,
} xmlParserOption;

/// The functions the reader calls, by the name of each: their types, for dlsym's pointers.
/// xmlCreatePushParserCtxt
typedef xmlParserCtxtPtr (*clibxml2_create_push_parser)(xmlSAXHandler *sax, void *user_data, const char *chunk, int size,
                                                        const char *filename);
/// xmlCtxtUseOptions
typedef int (*clibxml2_use_options)(xmlParserCtxtPtr ctxt, int options);
/// xmlParseChunk
typedef int (*clibxml2_parse_chunk)(xmlParserCtxtPtr ctxt, const char *chunk, int size, int terminate);
/// xmlStopParser
typedef void (*clibxml2_stop_parser)(xmlParserCtxtPtr ctxt);
/// xmlCtxtGetLastError
typedef xmlErrorPtr (*clibxml2_last_error)(void *ctx);
/// xmlSAX2GetLineNumber: the line the parser has reached (0 before any input).
typedef int (*clibxml2_line_number)(void *ctx);
/// xmlFreeParserCtxt
typedef void (*clibxml2_free_parser)(xmlParserCtxtPtr ctxt);

#endif
